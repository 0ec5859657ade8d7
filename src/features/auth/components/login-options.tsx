import Alert from '@mui/material/Alert'
import Divider from '@mui/material/Divider'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { useRouterState } from '@tanstack/react-router'
import { ButtonLink } from '@/components/button-link'
import { translateText } from '@/i18n/i18n'
import { useT } from '@/i18n/use-t'
import '../navigation-state'
import { AuthTitle } from './auth-title'
import { PasskeySignIn } from './passkey-sign-in'
import { SocialSignInButtons } from './social-sign-in-buttons'

type LoginOptionsProps = {
  next: string
  /** Issue 38: an invite-only community and no invite: members sign in, nobody signs up. */
  invitationOnly?: boolean
}

// Spec 000 §2 /login: continue with email, Google or Facebook.
export function LoginOptions({ next, invitationOnly = false }: LoginOptionsProps) {
  const t = useT()
  const { notice, noticeTone } = useRouterState({
    select: ({ location }) => ({
      notice: location.state.notice,
      noticeTone: location.state.noticeTone,
    }),
  })
  return (
    <>
      <AuthTitle>{t('Log in')}</AuthTitle>
      <Typography color="textSecondary" sx={{ mb: 3 }}>
        {invitationOnly
          ? t(
              'Welcome. This community is invitation-only: members sign in here, and newcomers need an invitation link.',
            )
          : t('Welcome. Sign in or create an account to pray with the community.')}
      </Typography>
      {notice && (
        <Alert severity={noticeTone ?? 'info'} sx={{ mb: 3 }}>
          {translateText(notice)}
        </Alert>
      )}
      <Stack spacing={1.5}>
        <ButtonLink to="/auth/email" state={{ next }} variant="contained" size="large" fullWidth>
          {t('Continue with email')}
        </ButtonLink>
        <Divider>{t('or')}</Divider>
        <PasskeySignIn next={next} />
        <SocialSignInButtons />
      </Stack>
    </>
  )
}
