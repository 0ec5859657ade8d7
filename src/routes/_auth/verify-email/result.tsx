import Typography from '@mui/material/Typography'
import { createFileRoute } from '@tanstack/react-router'
import * as z from 'zod/mini'
import { ButtonLink } from '@/components/router-links'
import { lenient } from '@/lib/search-params'

// `verified=1` is success; anything else (0, missing, garbage) is the invalid/expired page.
// The "check your email" variant (a verifyRequired navigation state) comes with the accounts issue.
const verifyResultSearchSchema = z.object({ verified: lenient(z.string()) })

export const Route = createFileRoute('/_auth/verify-email/result')({
  validateSearch: verifyResultSearchSchema,
  component: VerifyEmailResultPage,
})

function VerifyEmailResultPage() {
  const { verified } = Route.useSearch()
  const ok = verified === '1'
  return (
    <>
      <Typography variant="h1" sx={{ fontSize: '1.75rem', mb: 1.5 }}>
        {ok ? 'Your email is verified' : 'Invalid or expired link'}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {ok
          ? 'Thank you. Every feature of the community is now open to you.'
          : 'This verification link cannot be used. Sign in to ask for a new one.'}
      </Typography>
      <ButtonLink to={ok ? '/prayerwall' : '/login'} variant="contained">
        {ok ? 'Go to the Prayer Wall' : 'Log in'}
      </ButtonLink>
    </>
  )
}
