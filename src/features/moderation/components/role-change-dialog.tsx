import type { AdminUser, GrantableRole } from '@contract/moderation'
import Alert from '@mui/material/Alert'
import Button from '@mui/material/Button'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogContentText from '@mui/material/DialogContentText'
import DialogTitle from '@mui/material/DialogTitle'
import { useId } from 'react'
import { useT } from '@/i18n/use-t'
import { useSetRole } from '../api/admin-users'
import { actionErrorMessage } from '../moderation-text'
import { ROLE_WORDING } from '../role-wording'

export type RoleChange = { user: AdminUser; role: GrantableRole }

type RoleChangeDialogProps = { change: RoleChange | null; onClose: () => void }

// Granting or revoking a role is confirmed first: it opens or closes the queue, or public rooms,
// to a person.
export function RoleChangeDialog({ change, onClose }: RoleChangeDialogProps) {
  const t = useT()
  const titleId = useId()
  const setRole = useSetRole()
  const granting = change ? !change.user.roles.includes(change.role) : false
  const close = () => {
    if (setRole.isPending) return
    setRole.reset()
    onClose()
  }
  const confirm = () => {
    if (!change) return
    setRole.mutate(
      { userId: change.user.userId, role: change.role, granted: granting },
      { onSuccess: close },
    )
  }
  const wording = change ? ROLE_WORDING[change.role] : null

  return (
    <Dialog open={change !== null} onClose={close} aria-labelledby={titleId}>
      {change && wording && (
        <>
          <DialogTitle id={titleId}>
            {t(granting ? wording.grantTitle : wording.revokeTitle, {
              name: change.user.displayName,
            })}
          </DialogTitle>
          <DialogContent>
            <DialogContentText>
              {t(granting ? wording.grantText : wording.revokeText)}
            </DialogContentText>
            {setRole.isError && (
              <Alert severity="error" role="alert" sx={{ mt: 2 }}>
                {actionErrorMessage(setRole.error)}
              </Alert>
            )}
          </DialogContent>
          <DialogActions>
            <Button onClick={close} disabled={setRole.isPending}>
              {t('Cancel')}
            </Button>
            <Button variant="contained" onClick={confirm} disabled={setRole.isPending}>
              {setRole.isPending ? t('Saving…') : t(granting ? wording.make : wording.revoke)}
            </Button>
          </DialogActions>
        </>
      )}
    </Dialog>
  )
}
