import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { useRouterState } from '@tanstack/react-router'
import { ButtonLink } from '@/components/button-link'
import '../navigation-state'
import { AuthTitle } from './auth-title'
import { ResendLinkButton } from './resend-link-button'

// Spec 000 §2 /verify-email/result: verified, check-your-email (a verifyRequired state from
// sign-up), or invalid/expired.
export function VerifyEmailResult({ verified }: { verified: boolean }) {
  const { verifyRequired, email } = useRouterState({
    select: ({ location }) => ({
      verifyRequired: location.state.verifyRequired,
      email: location.state.email,
    }),
  })

  if (verified) {
    return (
      <>
        <AuthTitle>Your email is verified</AuthTitle>
        <Typography color="textSecondary" sx={{ mb: 3 }}>
          Thank you. Every feature of the community is now open to you.
        </Typography>
        <ButtonLink to="/prayerwall" variant="contained">
          Go to the Prayer Wall
        </ButtonLink>
      </>
    )
  }
  if (verifyRequired) {
    return (
      <>
        <AuthTitle>Check your email</AuthTitle>
        <Typography color="textSecondary" sx={{ mb: 3, overflowWrap: 'anywhere' }}>
          We sent a verification link to {email ? <strong>{email}</strong> : 'your email'}. Open it
          to finish creating your account. The link works for 24 hours.
        </Typography>
        <Stack spacing={1.5} sx={{ alignItems: 'flex-start' }}>
          {email && <ResendLinkButton email={email} />}
          <ButtonLink to="/login" variant="text">
            Log in
          </ButtonLink>
        </Stack>
      </>
    )
  }
  return (
    <>
      <AuthTitle>Invalid or expired link</AuthTitle>
      <Typography color="textSecondary" sx={{ mb: 3 }}>
        This verification link cannot be used. Sign in to ask for a new one.
      </Typography>
      <ButtonLink to="/login" variant="contained">
        Log in
      </ButtonLink>
    </>
  )
}
