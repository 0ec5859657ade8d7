import Button from '@mui/material/Button'
import CircularProgress from '@mui/material/CircularProgress'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogContentText from '@mui/material/DialogContentText'
import DialogTitle from '@mui/material/DialogTitle'
import Stack from '@mui/material/Stack'
import { useEffect, useRef } from 'react'
import { useT } from '@/i18n/use-t'
import { useResendVerification } from '../api/resend-verification'

type VerifyEmailDialogProps = {
  email: string
  onContinue: () => void
}

// Spec 000 §2 and §4: after onboarding saves, a verification email is requested and this modal
// leads on to the wall. Opening it is what sends the mail.
export function VerifyEmailDialog({ email, onContinue }: VerifyEmailDialogProps) {
  const t = useT()
  const { mutate, status } = useResendVerification()
  // Idle only until the effect below runs: the mail is already on its way as far as anyone sees.
  const sending = status === 'idle' || status === 'pending'
  // StrictMode runs effects twice on mount; the ref keeps it to one email per address.
  const requestedFor = useRef<string | null>(null)
  useEffect(() => {
    if (requestedFor.current === email) return
    requestedFor.current = email
    mutate({ email })
  }, [email, mutate])

  return (
    <Dialog
      open
      onClose={onContinue}
      aria-labelledby="verify-email-title"
      aria-describedby="verify-email-text"
    >
      <DialogTitle id="verify-email-title">{t('Verify your email')}</DialogTitle>
      <DialogContent>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }} role="status">
          {sending && <CircularProgress size={20} aria-hidden />}
          <DialogContentText id="verify-email-text">
            {sending
              ? t('Sending verification email…')
              : status === 'error'
                ? t(
                    'We could not send the verification email just now. You can ask for a new link from the banner at the top of the page.',
                  )
                : t(
                    'We sent a verification link to your email. You can access all features after verifying.',
                  )}
          </DialogContentText>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onContinue} autoFocus>
          {t('Continue to prayerwall')}
        </Button>
      </DialogActions>
    </Dialog>
  )
}
