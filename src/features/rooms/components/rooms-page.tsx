import Alert from '@mui/material/Alert'
import Button from '@mui/material/Button'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { CardSkeletons } from '@/components/card-skeletons'
import { ButtonLink } from '@/components/button-link'
import { useT } from '@/i18n/use-t'
import { useRoomList } from '../api/get-rooms'
import { useRoomReminder } from '../api/room-reminder'
import { RoomCard } from './room-card'

/** Issue 21, /rooms: live and upcoming rooms, the member's own first (the server's order). */
export function RoomsPage() {
  const t = useT()
  const rooms = useRoomList()
  const reminder = useRoomReminder()
  return (
    <Stack spacing={3} sx={{ maxWidth: 720, mx: 'auto', p: { xs: 2, sm: 3 } }}>
      <Stack
        direction="row"
        spacing={2}
        sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap' }}
      >
        <Typography variant="h4" component="h1">
          {t('Prayer Rooms')}
        </Typography>
        <ButtonLink to="/rooms/create" variant="outlined">
          {t('Create a room')}
        </ButtonLink>
      </Stack>
      <Typography color="textSecondary">
        {t('Gather at a set time to pray together, in quiet company, wherever each of you is.')}
      </Typography>
      {rooms.isPending && <CardSkeletons label={t('Loading rooms…')} count={2} />}
      {rooms.isError && !rooms.data && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" onClick={() => void rooms.refetch()}>
              {t('Try again')}
            </Button>
          }
        >
          {t('Rooms could not be loaded.')}
        </Alert>
      )}
      {reminder.isError && (
        <Alert severity="error">{t('Your reminder could not be saved. Please try again.')}</Alert>
      )}
      {rooms.data?.items.length === 0 && (
        <Typography color="textSecondary">
          {t('No rooms are planned yet. Create one for a group you belong to.')}
        </Typography>
      )}
      <Stack spacing={2}>
        {rooms.data?.items.map((room) => (
          <RoomCard
            key={room.room_id}
            room={room}
            onRemind={(reminded) => reminder.mutate({ roomId: room.room_id, reminded })}
          />
        ))}
      </Stack>
    </Stack>
  )
}
