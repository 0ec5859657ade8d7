import Button from '@mui/material/Button'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogContentText from '@mui/material/DialogContentText'
import DialogTitle from '@mui/material/DialogTitle'
import { useId } from 'react'
import { describeWrite } from '@/lib/outbox/describe-write'
import type { OutboxEntry } from '@contract/outbox-entry'
import { useT } from '@/i18n/use-t'

type SignOutWarningProps = {
  /** The member's queued and refused writes: what signing out deletes from this device. */
  writes: OutboxEntry[]
  onStay: () => void
  onSignOut: () => void
}

// DESIGN §6, ADR 0015: writes saved offline are deleted only by a deliberate sign-out, and only
// after the member has seen what goes.
export function SignOutWarning({ writes, onStay, onSignOut }: SignOutWarningProps) {
  const t = useT()
  const titleId = useId()
  const count = writes.length
  return (
    <Dialog open onClose={onStay} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{t('Sign out and delete your saved prayers?')}</DialogTitle>
      <DialogContent>
        <DialogContentText>
          {t('Saved writes that signing out deletes', { count })}
        </DialogContentText>
        <ul aria-label={t('Saved prayers that will be deleted')}>
          {writes.map((entry) => (
            <li key={entry.id}>{describeWrite(entry.write)}</li>
          ))}
        </ul>
      </DialogContent>
      <DialogActions>
        <Button onClick={onStay} variant="contained">
          {t('Stay signed in')}
        </Button>
        <Button onClick={onSignOut} color="error">
          {t('Sign out and delete')}
        </Button>
      </DialogActions>
    </Dialog>
  )
}
