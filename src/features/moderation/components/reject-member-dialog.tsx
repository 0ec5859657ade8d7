import type { PendingMember } from '@contract/membership'
import Alert from '@mui/material/Alert'
import Button from '@mui/material/Button'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogContentText from '@mui/material/DialogContentText'
import DialogTitle from '@mui/material/DialogTitle'
import { useId } from 'react'
import { useT } from '@/i18n/use-t'
import { useDecideMember } from '../api/pending-members'
import { actionErrorMessage } from '../moderation-text'

type RejectMemberDialogProps = {
  member: PendingMember | null
  onClose: () => void
  onRejected: (member: PendingMember) => void
}

// A rejection deletes the account (docs/community.md), so it is confirmed first.
export function RejectMemberDialog({ member, onClose, onRejected }: RejectMemberDialogProps) {
  const t = useT()
  const titleId = useId()
  const decide = useDecideMember()
  const close = () => {
    if (decide.isPending) return
    decide.reset()
    onClose()
  }
  const confirm = () => {
    if (!member) return
    decide.mutate(
      { userId: member.userId, decision: 'reject' },
      {
        onSuccess: () => {
          decide.reset()
          onRejected(member)
        },
      },
    )
  }
  return (
    <Dialog open={member !== null} onClose={close} aria-labelledby={titleId}>
      {member && (
        <>
          <DialogTitle id={titleId}>
            {t('Reject a member? (dialog title)', { name: member.displayName })}
          </DialogTitle>
          <DialogContent>
            <DialogContentText>
              {t(
                'Their account and the details they gave are deleted, and they are told by email. They may sign up again later.',
              )}
            </DialogContentText>
            {decide.isError && (
              <Alert severity="error" role="alert" sx={{ mt: 2 }}>
                {actionErrorMessage(decide.error)}
              </Alert>
            )}
          </DialogContent>
          <DialogActions>
            <Button onClick={close} disabled={decide.isPending}>
              {t('Cancel')}
            </Button>
            <Button variant="contained" color="error" onClick={confirm} disabled={decide.isPending}>
              {decide.isPending ? t('Rejecting…') : t('Reject and delete')}
            </Button>
          </DialogActions>
        </>
      )}
    </Dialog>
  )
}
