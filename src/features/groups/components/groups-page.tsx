import type { Group } from '@contract/groups'
import Alert from '@mui/material/Alert'
import CircularProgress from '@mui/material/CircularProgress'
import List from '@mui/material/List'
import ListItem from '@mui/material/ListItem'
import Paper from '@mui/material/Paper'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { TextLink } from '@/components/text-link'
import { useT } from '@/i18n/use-t'
import { useMyGroups } from '../api/get-my-groups'
import { CreateGroupForm } from './create-group-form'

// /groups: the member's private groups and a form to start one.
export function GroupsPage({ onCreated }: { onCreated: (group: Group) => void }) {
  const t = useT()
  const groups = useMyGroups()
  return (
    <Stack spacing={3} sx={{ maxWidth: 720, mx: 'auto' }}>
      <Typography component="h1" variant="h4">
        {t('My Groups')}
      </Typography>
      <Paper component="section" aria-labelledby="my-groups-title" sx={{ p: 3 }}>
        <Typography id="my-groups-title" component="h2" variant="h6" sx={{ mb: 1 }}>
          {t('Your private groups')}
        </Typography>
        {groups.isPending ? <CircularProgress aria-label={t('Loading groups')} /> : null}
        {groups.isError ? <Alert severity="error">{t('Could not load your groups.')}</Alert> : null}
        {groups.data?.length === 0 ? (
          <Typography color="textSecondary">
            {t(
              'You are not in a group yet. Create one below, or open an invite link from a member.',
            )}
          </Typography>
        ) : null}
        <List>
          {groups.data?.map((group) => (
            <ListItem key={group.id} disableGutters>
              <TextLink to="/groups/$groupId" params={{ groupId: group.id }}>
                <bdi>{group.name}</bdi>
              </TextLink>
              {group.role === 'admin' ? (
                <Typography
                  component="span"
                  variant="body2"
                  color="textSecondary"
                  sx={{ marginInlineStart: 1 }}
                >
                  {t('Admin mark (my groups)')}
                </Typography>
              ) : null}
            </ListItem>
          ))}
        </List>
      </Paper>
      <Paper component="section" aria-labelledby="create-group-title" sx={{ p: 3 }}>
        <Typography id="create-group-title" component="h2" variant="h6" sx={{ mb: 2 }}>
          {t('Create a group')}
        </Typography>
        <CreateGroupForm onCreated={onCreated} />
      </Paper>
    </Stack>
  )
}
