import Button from '@mui/material/Button'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogContentText from '@mui/material/DialogContentText'
import DialogTitle from '@mui/material/DialogTitle'
import { useT } from '@/i18n/use-t'

type WelcomeDialogProps = {
  communityName: string
  /** The community's welcome message, as its admin wrote it (line breaks kept). */
  message: string
  onContinue: () => void
}

// Issue 38: the community's welcome, shown as onboarding completes. A profile is completed once
// per account, so a member sees it once whatever device they use next (docs/community.md).
export function WelcomeDialog({ communityName, message, onContinue }: WelcomeDialogProps) {
  const t = useT()
  return (
    <Dialog
      open
      onClose={onContinue}
      aria-labelledby="community-welcome-title"
      aria-describedby="community-welcome-text"
    >
      <DialogTitle id="community-welcome-title">
        {t('Welcome to {communityName}', { communityName })}
      </DialogTitle>
      <DialogContent>
        <DialogContentText id="community-welcome-text" sx={{ whiteSpace: 'pre-line' }}>
          {message}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onContinue} autoFocus>
          {t('Continue')}
        </Button>
      </DialogActions>
    </Dialog>
  )
}
