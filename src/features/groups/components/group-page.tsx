import Alert from '@mui/material/Alert'
import Button from '@mui/material/Button'
import CircularProgress from '@mui/material/CircularProgress'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogContentText from '@mui/material/DialogContentText'
import DialogTitle from '@mui/material/DialogTitle'
import List from '@mui/material/List'
import ListItem from '@mui/material/ListItem'
import ListItemText from '@mui/material/ListItemText'
import Paper from '@mui/material/Paper'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { useState } from 'react'
import { useT } from '@/i18n/use-t'
import { useGroupMembers } from '../api/get-group-members'
import { useMyGroups } from '../api/get-my-groups'
import { useLeaveGroup } from '../api/leave-group'
import { InviteLink } from './invite-link'

// /groups/$groupId: a group's members and invite link, for its members only.
export function GroupPage({ groupId, onLeft }: { groupId: string; onLeft: () => void }) {
  const t = useT()
  const groups = useMyGroups()
  const members = useGroupMembers(groupId)
  const leave = useLeaveGroup()
  const [confirming, setConfirming] = useState(false)
  const group = groups.data?.find((candidate) => candidate.id === groupId)

  if (groups.isPending) return <CircularProgress aria-label={t('Loading group')} />
  if (!group) {
    return (
      <Alert severity="info" component="section">
        {t('This group is not available. It may not exist, or you are not a member.')}
      </Alert>
    )
  }

  return (
    <Stack spacing={3} sx={{ maxWidth: 720, mx: 'auto' }}>
      <div>
        <Typography component="h1" variant="h4" dir="auto">
          {group.name}
        </Typography>
        {group.description ? (
          <Typography color="textSecondary" dir="auto">
            {group.description}
          </Typography>
        ) : null}
      </div>
      {group.invite_code ? (
        <Paper component="section" aria-labelledby="invite-title" sx={{ p: 3 }}>
          <Typography id="invite-title" component="h2" variant="h6" sx={{ mb: 2 }}>
            {t('Invite members')}
          </Typography>
          <InviteLink code={group.invite_code} groupName={group.name} />
        </Paper>
      ) : null}
      <Paper component="section" aria-labelledby="members-title" sx={{ p: 3 }}>
        <Typography id="members-title" component="h2" variant="h6">
          {t('Members')}
        </Typography>
        {members.isError ? (
          <Alert severity="error">{t('Could not load the members.')}</Alert>
        ) : null}
        <List>
          {members.data?.map((member, index) => (
            <ListItem key={`${member.display_name}-${index}`} disableGutters>
              <ListItemText
                primary={
                  member.is_you ? (
                    t('Name (You)', { name: member.display_name })
                  ) : (
                    <bdi>{member.display_name}</bdi>
                  )
                }
                secondary={member.role === 'admin' ? t('Admin (group role)') : null}
              />
            </ListItem>
          ))}
        </List>
      </Paper>
      <div>
        <Button color="error" variant="outlined" onClick={() => setConfirming(true)}>
          {t('Leave group')}
        </Button>
      </div>
      <Dialog
        open={confirming}
        onClose={() => setConfirming(false)}
        aria-labelledby="leave-group-title"
      >
        <DialogTitle id="leave-group-title">
          {t('Leave group dialog title', { name: group.name })}
        </DialogTitle>
        <DialogContent>
          <DialogContentText>
            {t("You will no longer see this group's prayers. An invite link brings you back.")}
          </DialogContentText>
          {leave.isError ? (
            <Alert severity="error" role="alert">
              {t('Could not leave the group. Please try again.')}
            </Alert>
          ) : null}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(false)}>{t('Cancel')}</Button>
          <Button
            color="error"
            disabled={leave.isPending}
            onClick={() => leave.mutate(groupId, { onSuccess: onLeft })}
          >
            {leave.isPending ? t('Leaving…') : t('Leave group')}
          </Button>
        </DialogActions>
      </Dialog>
    </Stack>
  )
}
