import { AuthMessage } from '@contract/auth'
import Button from '@mui/material/Button'
import Typography from '@mui/material/Typography'
import { useResendVerification } from '../api/resend-verification'

// Spec 000 §7 POST /auth/resend-verification: the answer is neutral, so "sent" is all we say.
export function ResendLinkButton({ email }: { email: string }) {
  const resend = useResendVerification()
  return (
    <>
      <Button
        variant="outlined"
        loading={resend.isPending}
        disabled={resend.isSuccess}
        onClick={() => resend.mutate(email)}
      >
        {resend.isSuccess ? 'Link sent' : 'Send the link again'}
      </Button>
      <Typography role="status" variant="body2" color={resend.isError ? 'error' : 'text.secondary'}>
        {resend.isSuccess && `If ${email} still needs verifying, a new link is on its way.`}
        {resend.isError && AuthMessage.somethingWentWrong}
      </Typography>
    </>
  )
}
