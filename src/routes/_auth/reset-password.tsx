import Typography from '@mui/material/Typography'
import { createFileRoute } from '@tanstack/react-router'
import * as z from 'zod/mini'
import { AuthPlaceholder } from '@/components/auth-placeholder'
import { TextLink } from '@/components/router-links'
import { lenient } from '@/lib/search-params'

const resetPasswordSearchSchema = z.object({ token: lenient(z.string()) })

export const Route = createFileRoute('/_auth/reset-password')({
  validateSearch: resetPasswordSearchSchema,
  component: ResetPasswordPage,
})

function ResetPasswordPage() {
  const { token } = Route.useSearch()
  // spec 000 §2: an invalid link shows the page 'Invalid or expired link'.
  if (!token) {
    return (
      <>
        <Typography variant="h1" sx={{ fontSize: '1.75rem', mb: 1.5 }}>
          Invalid or expired link
        </Typography>
        <Typography color="text.secondary">
          This password reset link cannot be used. <TextLink to="/forgot-password">Ask for a new link</TextLink>.
        </Typography>
      </>
    )
  }
  return <AuthPlaceholder title="Set a new password" purpose="Choose a new password and confirm it." />
}
