import type { AdminUser } from '@contract/moderation'
import Alert from '@mui/material/Alert'
import Button from '@mui/material/Button'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogContentText from '@mui/material/DialogContentText'
import DialogTitle from '@mui/material/DialogTitle'
import { useId } from 'react'
import { useSetModeratorRole } from '../api/admin-users'
import { actionErrorMessage } from '../moderation-text'
import { isModeratorRole } from './user-role-row'

type RoleChangeDialogProps = { user: AdminUser | null; onClose: () => void }

// Granting or revoking moderation is confirmed first: it opens or closes the queue to a person.
export function RoleChangeDialog({ user, onClose }: RoleChangeDialogProps) {
  const titleId = useId()
  const change = useSetModeratorRole()
  const granting = user ? !isModeratorRole(user) : false
  const close = () => {
    if (change.isPending) return
    change.reset()
    onClose()
  }
  const confirm = () => {
    if (!user) return
    change.mutate({ userId: user.userId, moderator: granting }, { onSuccess: close })
  }

  return (
    <Dialog open={user !== null} onClose={close} aria-labelledby={titleId}>
      {user && (
        <>
          <DialogTitle id={titleId}>
            {granting
              ? `Make ${user.displayName} a moderator?`
              : `Revoke moderator from ${user.displayName}?`}
          </DialogTitle>
          <DialogContent>
            <DialogContentText>
              {granting
                ? 'They will see the review queue, its reports and the author details, and can remove content and suspend members.'
                : 'They will no longer see the review queue or act on reports.'}
            </DialogContentText>
            {change.isError && (
              <Alert severity="error" role="alert" sx={{ mt: 2 }}>
                {actionErrorMessage(change.error)}
              </Alert>
            )}
          </DialogContent>
          <DialogActions>
            <Button onClick={close} disabled={change.isPending}>
              Cancel
            </Button>
            <Button variant="contained" onClick={confirm} disabled={change.isPending}>
              {change.isPending ? 'Saving…' : granting ? 'Make moderator' : 'Revoke moderator'}
            </Button>
          </DialogActions>
        </>
      )}
    </Dialog>
  )
}
