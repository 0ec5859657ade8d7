import {
  ACCOUNT_DELETION_MESSAGES as M,
  AdminDeleteAccountBodySchema,
} from '@contract/account-deletion'
import type { AdminUser } from '@contract/moderation'
import Alert from '@mui/material/Alert'
import Button from '@mui/material/Button'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogContentText from '@mui/material/DialogContentText'
import DialogTitle from '@mui/material/DialogTitle'
import TextField from '@mui/material/TextField'
import { useId, useState } from 'react'
import { translateText } from '@/i18n/i18n'
import { useT } from '@/i18n/use-t'
import { useDeleteMemberAccount } from '../api/delete-member-account'
import { actionErrorMessage } from '../moderation-text'

type DeleteAccountDialogProps = {
  user: AdminUser | null
  onClose: () => void
  onDeleted: (user: AdminUser) => void
}

/**
 * Issue 40: an admin deletes a member's account from the roles screen, with a reason that the
 * audit log keeps. What it deletes is the member's own "Delete my account"'s.
 */
export function DeleteAccountDialog({ user, onClose, onDeleted }: DeleteAccountDialogProps) {
  const t = useT()
  const titleId = useId()
  const [reason, setReason] = useState('')
  const [invalid, setInvalid] = useState<string | null>(null)
  const remove = useDeleteMemberAccount()
  const close = () => {
    if (remove.isPending) return
    remove.reset()
    setReason('')
    setInvalid(null)
    onClose()
  }
  const confirm = () => {
    if (!user) return
    const parsed = AdminDeleteAccountBodySchema.safeParse({ reason })
    if (!parsed.success) {
      const issue = parsed.error.issues[0]?.message
      return setInvalid(issue === undefined ? null : translateText(issue))
    }
    remove.mutate(
      { userId: user.userId, ...parsed.data },
      {
        onSuccess: () => {
          onDeleted(user)
          close()
        },
      },
    )
  }

  return (
    <Dialog open={user !== null} onClose={close} aria-labelledby={titleId}>
      {user && (
        <>
          <DialogTitle id={titleId}>
            {t('Delete a member’s account? (dialog title)', { name: user.displayName })}
          </DialogTitle>
          <DialogContent>
            <DialogContentText sx={{ mb: 2 }}>{translateText(M.explanation)}</DialogContentText>
            <TextField
              label={translateText(M.adminReasonLabel)}
              value={reason}
              onChange={(event) => {
                setReason(event.target.value)
                setInvalid(null)
              }}
              error={invalid !== null}
              helperText={invalid}
              multiline
              minRows={2}
              fullWidth
              required
            />
            {remove.isError && (
              <Alert severity="error" role="alert" sx={{ mt: 2 }}>
                {actionErrorMessage(remove.error)}
              </Alert>
            )}
          </DialogContent>
          <DialogActions>
            <Button onClick={close} disabled={remove.isPending}>
              {t('Cancel')}
            </Button>
            <Button variant="contained" color="error" onClick={confirm} disabled={remove.isPending}>
              {remove.isPending ? t('Deleting…') : translateText(M.adminButton)}
            </Button>
          </DialogActions>
        </>
      )}
    </Dialog>
  )
}
