import Button from '@mui/material/Button'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogContentText from '@mui/material/DialogContentText'
import DialogTitle from '@mui/material/DialogTitle'
import { useId } from 'react'
import { describeWrite } from '@/lib/outbox/describe-write'
import type { OutboxEntry } from '@contract/outbox-entry'

type SignOutWarningProps = {
  /** The member's queued and refused writes: what signing out deletes from this device. */
  writes: OutboxEntry[]
  onStay: () => void
  onSignOut: () => void
}

// DESIGN §6, ADR 0015: writes saved offline are deleted only by a deliberate sign-out, and only
// after the member has seen what goes.
export function SignOutWarning({ writes, onStay, onSignOut }: SignOutWarningProps) {
  const titleId = useId()
  const count = writes.length
  return (
    <Dialog open onClose={onStay} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>Sign out and delete your saved prayers?</DialogTitle>
      <DialogContent>
        <DialogContentText>
          {count === 1
            ? 'This was saved on this device and has not been sent yet. Signing out deletes it:'
            : `These ${count} were saved on this device and have not been sent yet. Signing out deletes them:`}
        </DialogContentText>
        <ul aria-label="Saved prayers that will be deleted">
          {writes.map((entry) => (
            <li key={entry.id}>{describeWrite(entry.write)}</li>
          ))}
        </ul>
      </DialogContent>
      <DialogActions>
        <Button onClick={onStay} variant="contained">
          Stay signed in
        </Button>
        <Button onClick={onSignOut} color="error">
          Sign out and delete
        </Button>
      </DialogActions>
    </Dialog>
  )
}
