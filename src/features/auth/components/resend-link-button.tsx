import { AuthMessage } from '@contract/auth'
import Button from '@mui/material/Button'
import Typography from '@mui/material/Typography'
import { translateText } from '@/i18n/i18n'
import { useT } from '@/i18n/use-t'
import { useResendVerification } from '../api/resend-verification'

// Spec 000 §7 POST /auth/resend-verification: the answer is neutral, so "sent" is all we say.
export function ResendLinkButton({ email }: { email: string }) {
  const t = useT()
  const resend = useResendVerification()
  return (
    <>
      <Button
        variant="outlined"
        loading={resend.isPending}
        disabled={resend.isSuccess}
        onClick={() => resend.mutate(email)}
      >
        {resend.isSuccess ? t('Link sent') : t('Send the link again')}
      </Button>
      <Typography role="status" variant="body2" color={resend.isError ? 'error' : 'text.secondary'}>
        {resend.isSuccess &&
          t('If {email} still needs verifying, a new link is on its way.', { email })}
        {resend.isError && translateText(AuthMessage.somethingWentWrong)}
      </Typography>
    </>
  )
}
