import { ROOM_MESSAGES } from '@contract/rooms'
import Alert from '@mui/material/Alert'
import Button from '@mui/material/Button'
import Chip from '@mui/material/Chip'
import Skeleton from '@mui/material/Skeleton'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { NotFoundPage } from '@/components/not-found-page'
import { translateText } from '@/i18n/i18n'
import { useLanguage, useT } from '@/i18n/use-t'
import { ApiError } from '@/lib/api-client'
import { useRoom } from '../api/get-rooms'
import { roomRepeatText, roomTimeText } from '../room-text'
import type { BringChoice } from './bring-intention-dialog'
import { LiveSession } from './live-session'
import { RoomActions } from './room-actions'
import { RoomWaiting } from './room-waiting'

type Props = {
  roomId: string
  bringChoices: BringChoice[] | undefined
  onLeave: () => void
}

/** Issue 21, /rooms/{id}: the room, live while its session runs. A room one may not see is 404. */
export function LiveRoomPage({ roomId, bringChoices, onLeave }: Props) {
  const t = useT()
  const language = useLanguage()
  const room = useRoom(roomId)
  if (room.error instanceof ApiError && room.error.status === 404) return <NotFoundPage />
  return (
    <Stack spacing={2.5} sx={{ maxWidth: 720, mx: 'auto', p: { xs: 2, sm: 3 } }}>
      {room.isPending && (
        <Stack spacing={2} role="status" aria-label={t('Loading the room')}>
          <Skeleton width="60%" height={44} />
          <Skeleton width="40%" />
          <Skeleton variant="rounded" height={220} />
        </Stack>
      )}
      {room.isError && !room.data && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" onClick={() => void room.refetch()}>
              {t('Try again')}
            </Button>
          }
        >
          {t('This room could not be loaded.')}
        </Alert>
      )}
      {room.data && (
        <>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
            <Stack spacing={0.5} sx={{ flex: 1, minWidth: 0 }}>
              <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
                {room.data.state === 'live' && (
                  <Chip size="small" color="success" label={t('Live (room)')} />
                )}
                <Chip
                  size="small"
                  variant="outlined"
                  label={room.data.group_name ?? t('Public (room)')}
                />
                {room.data.quiet && (
                  <Chip size="small" variant="outlined" label={t('Quiet room')} />
                )}
              </Stack>
              <Typography variant="h4" component="h1" sx={{ overflowWrap: 'anywhere' }}>
                {room.data.name}
              </Typography>
              <Typography variant="body2" color="textSecondary">
                {roomTimeText(room.data, t, language)} · {roomRepeatText(room.data, t, language)}
              </Typography>
            </Stack>
            <RoomActions room={room.data} />
          </Stack>
          {room.data.description && (
            <Typography sx={{ whiteSpace: 'pre-line' }}>{room.data.description}</Typography>
          )}
          {room.data.removed ? (
            <Alert severity="info">{translateText(ROOM_MESSAGES.removed)}</Alert>
          ) : room.data.state === 'live' ? (
            <LiveSession room={room.data} bringChoices={bringChoices} onLeave={onLeave} />
          ) : (
            <RoomWaiting room={room.data} bringChoices={bringChoices} />
          )}
        </>
      )}
    </Stack>
  )
}
