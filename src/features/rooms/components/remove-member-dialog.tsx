import Alert from '@mui/material/Alert'
import Button from '@mui/material/Button'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogTitle from '@mui/material/DialogTitle'
import List from '@mui/material/List'
import ListItem from '@mui/material/ListItem'
import ListItemText from '@mui/material/ListItemText'
import Skeleton from '@mui/material/Skeleton'
import { useId } from 'react'
import { useT } from '@/i18n/use-t'
import { useRemoveRoomMember, useRoomMembers } from '../api/room-moderation'

type Props = { roomId: string; open: boolean; onClose: () => void }

/** The leader's or a moderator's list of who is here; a removed member cannot rejoin this session. */
export function RemoveMemberDialog({ roomId, open, onClose }: Props) {
  const t = useT()
  const titleId = useId()
  const members = useRoomMembers(roomId, open)
  const remove = useRemoveRoomMember(roomId)
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <DialogTitle id={titleId}>{t('Remove someone from this session')}</DialogTitle>
      <DialogContent>
        {members.isPending && <Skeleton variant="rounded" height={96} />}
        {members.isError && <Alert severity="error">{t('Who is here could not be loaded.')}</Alert>}
        {remove.isError && (
          <Alert severity="error">{t('They could not be removed. Please try again.')}</Alert>
        )}
        {members.data?.items.length === 0 && t('No one else is here.')}
        <List>
          {members.data?.items.map((member) => (
            <ListItem
              key={member.user_id}
              disableGutters
              secondaryAction={
                <Button
                  color="error"
                  disabled={remove.isPending}
                  onClick={() => remove.mutate(member.user_id)}
                  aria-label={t('Remove a member from the session (button)', {
                    name: member.display_name,
                  })}
                >
                  {t('Remove (from the session)')}
                </Button>
              }
            >
              <ListItemText
                primary={member.display_name}
                secondary={member.seen ? null : t('Not shown to the others')}
              />
            </ListItem>
          ))}
        </List>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('Done (rooms)')}</Button>
      </DialogActions>
    </Dialog>
  )
}
