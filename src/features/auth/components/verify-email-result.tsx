import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { useRouterState } from '@tanstack/react-router'
import { ButtonLink } from '@/components/button-link'
import { useT } from '@/i18n/use-t'
import '../navigation-state'
import { AuthTitle } from './auth-title'
import { ResendLinkButton } from './resend-link-button'

// Stands for the address while the sentence is split around it.
const MARK = '\u0001'

// Spec 000 §2 /verify-email/result: verified, check-your-email (a verifyRequired state from
// sign-up), or invalid/expired.
export function VerifyEmailResult({ verified }: { verified: boolean }) {
  const t = useT()
  const { verifyRequired, email } = useRouterState({
    select: ({ location }) => ({
      verifyRequired: location.state.verifyRequired,
      email: location.state.email,
    }),
  })

  if (verified) {
    return (
      <>
        <AuthTitle>{t('Your email is verified')}</AuthTitle>
        <Typography color="textSecondary" sx={{ mb: 3 }}>
          {t('Thank you. Every feature of the community is now open to you.')}
        </Typography>
        <ButtonLink to="/prayerwall" variant="contained">
          {t('Go to the Prayer Wall')}
        </ButtonLink>
      </>
    )
  }
  if (verifyRequired) {
    // The address is shown in bold inside the translated sentence.
    const [before, after = ''] = email
      ? t('Check your email (sent to an address)', { email: MARK }).split(MARK)
      : [t('Check your email (sent to your address)')]
    return (
      <>
        <AuthTitle>{t('Check your email')}</AuthTitle>
        <Typography color="textSecondary" sx={{ mb: 3, overflowWrap: 'anywhere' }}>
          {before}
          {email && <strong>{email}</strong>}
          {after}
        </Typography>
        <Stack spacing={1.5} sx={{ alignItems: 'flex-start' }}>
          {email && <ResendLinkButton email={email} />}
          <ButtonLink to="/login" variant="text">
            {t('Log in')}
          </ButtonLink>
        </Stack>
      </>
    )
  }
  return (
    <>
      <AuthTitle>{t('Invalid or expired link')}</AuthTitle>
      <Typography color="textSecondary" sx={{ mb: 3 }}>
        {t('This verification link cannot be used. Sign in to ask for a new one.')}
      </Typography>
      <ButtonLink to="/login" variant="contained">
        {t('Log in')}
      </ButtonLink>
    </>
  )
}
