import { EmailChangeMessage } from '@contract/users-email-change'
import Button from '@mui/material/Button'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogContentText from '@mui/material/DialogContentText'
import DialogTitle from '@mui/material/DialogTitle'
import { translateText } from '@/i18n/i18n'
import { useT } from '@/i18n/use-t'

type PendingEmailDialogProps = {
  /** The new address, waiting for its link. */
  pending: string
  /** The address still in force until then. */
  current: string
  onContinue: () => void
}

// Issue 37: a verified email changes only once the new address's link is followed; the server
// mailed it with the profile's save, so this only says what happens next.
export function PendingEmailDialog({ pending, current, onContinue }: PendingEmailDialogProps) {
  const t = useT()
  return (
    <Dialog
      open
      onClose={onContinue}
      aria-labelledby="pending-email-title"
      aria-describedby="pending-email-text"
    >
      <DialogTitle id="pending-email-title">
        {translateText(EmailChangeMessage.pendingTitle)}
      </DialogTitle>
      <DialogContent>
        <DialogContentText id="pending-email-text" role="status">
          {/* EmailChangeMessage.pending's words, in the member's language. */}
          {t(
            'We sent a link to {pending}. Your email changes once you follow it; until then, sign in with {current}.',
            { pending, current },
          )}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onContinue} autoFocus>
          {t('Continue to prayerwall')}
        </Button>
      </DialogActions>
    </Dialog>
  )
}
