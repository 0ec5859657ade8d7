import { createFileRoute } from '@tanstack/react-router'
import * as z from 'zod/mini'
import { ResetPasswordPage } from '@/features/auth/components/reset-password-page'
import { lenient } from '@/lib/search-params'

const resetPasswordSearchSchema = z.object({ token: lenient(z.string()) })

// spec 000 §2 /reset-password?token=: the link is checked on load, then a new password is set.
export const Route = createFileRoute('/_auth/reset-password')({
  validateSearch: resetPasswordSearchSchema,
  component: function ResetPasswordRoute() {
    const { token } = Route.useSearch()
    return <ResetPasswordPage token={token} />
  },
})
