import Alert from '@mui/material/Alert'
import Button from '@mui/material/Button'
import CircularProgress from '@mui/material/CircularProgress'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { useQuery } from '@tanstack/react-query'
import { useT } from '@/i18n/use-t'
import { resetTokenQueryOptions } from '../api/reset-password'
import { AuthTitle } from './auth-title'
import { InvalidResetLink } from './invalid-link'
import { ResetPasswordForm } from './reset-password-form'

// Spec 000 §4 "Reset password": the token is validated when the page loads.
export function ResetPasswordPage({ token }: { token: string | undefined }) {
  const t = useT()
  const validation = useQuery({ ...resetTokenQueryOptions(token ?? ''), enabled: Boolean(token) })
  if (!token || validation.data?.valid === false) return <InvalidResetLink />
  if (validation.isError) {
    return (
      <>
        <AuthTitle>{t('Set a new password')}</AuthTitle>
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void validation.refetch()}>
              {t('Try again')}
            </Button>
          }
        >
          {t('We could not check your link. Check your connection and try again.')}
        </Alert>
      </>
    )
  }
  if (!validation.data) {
    return (
      <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center' }}>
        <AuthTitle>{t('Set a new password')}</AuthTitle>
        <CircularProgress aria-hidden />
        <Typography role="status">{t('Checking your link…')}</Typography>
      </Stack>
    )
  }
  return <ResetPasswordForm token={token} />
}
