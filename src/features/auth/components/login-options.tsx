import Alert from '@mui/material/Alert'
import Divider from '@mui/material/Divider'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { useRouterState } from '@tanstack/react-router'
import { ButtonLink } from '@/components/button-link'
import '../navigation-state'
import { AuthTitle } from './auth-title'
import { SocialSignInButtons } from './social-sign-in-buttons'

// Spec 000 §2 /login: continue with email, Google or Facebook.
export function LoginOptions({ next }: { next: string }) {
  const { notice, noticeTone } = useRouterState({
    select: ({ location }) => ({
      notice: location.state.notice,
      noticeTone: location.state.noticeTone,
    }),
  })
  return (
    <>
      <AuthTitle>Log in</AuthTitle>
      <Typography color="textSecondary" sx={{ mb: 3 }}>
        Welcome. Sign in or create an account to pray with the community.
      </Typography>
      {notice && (
        <Alert severity={noticeTone ?? 'info'} sx={{ mb: 3 }}>
          {notice}
        </Alert>
      )}
      <Stack spacing={1.5}>
        <ButtonLink to="/auth/email" state={{ next }} variant="contained" size="large" fullWidth>
          Continue with email
        </ButtonLink>
        <Divider>or</Divider>
        <SocialSignInButtons />
      </Stack>
    </>
  )
}
