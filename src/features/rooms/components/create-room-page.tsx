import type { Room } from '@contract/rooms'
import Alert from '@mui/material/Alert'
import Container from '@mui/material/Container'
import Skeleton from '@mui/material/Skeleton'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { useT } from '@/i18n/use-t'
import { CreateRoomForm, type RoomGroupChoice } from './create-room-form'

type CreateRoomPageProps = {
  /** The member's groups; undefined while they load. */
  groups: RoomGroupChoice[] | undefined
  groupsFailed: boolean
  canCreatePublic: boolean
  onCreated: (room: Room) => void
}

/** Issue 21, /rooms/create. */
export function CreateRoomPage({
  groups,
  groupsFailed,
  canCreatePublic,
  onCreated,
}: CreateRoomPageProps) {
  const t = useT()
  return (
    <Container maxWidth="sm" sx={{ py: 3 }}>
      <Stack spacing={3}>
        <Typography variant="h4" component="h1">
          {t('Create a room')}
        </Typography>
        {groupsFailed && !groups && (
          <Alert severity="error">{t('Your groups could not be loaded. Please try again.')}</Alert>
        )}
        {!groups && !groupsFailed && (
          <Stack spacing={2} role="status" aria-label={t('Loading')}>
            <Skeleton variant="rounded" height={56} />
            <Skeleton variant="rounded" height={80} />
            <Skeleton variant="rounded" height={56} />
          </Stack>
        )}
        {groups && (
          <CreateRoomForm groups={groups} canCreatePublic={canCreatePublic} onCreated={onCreated} />
        )}
      </Stack>
    </Container>
  )
}
