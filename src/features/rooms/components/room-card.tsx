import type { Room } from '@contract/rooms'
import Card from '@mui/material/Card'
import CardContent from '@mui/material/CardContent'
import Chip from '@mui/material/Chip'
import FormControlLabel from '@mui/material/FormControlLabel'
import Stack from '@mui/material/Stack'
import Switch from '@mui/material/Switch'
import Typography from '@mui/material/Typography'
import { ClampedText } from '@/components/clamped-text'
import { ButtonLink } from '@/components/button-link'
import { TextLink } from '@/components/text-link'
import { useLanguage, useT } from '@/i18n/use-t'
import { roomRepeatText, roomTimeText } from '../room-text'

type RoomCardProps = {
  room: Room
  onRemind: (reminded: boolean) => void
}

/** One room in the list: where, when, who is there now, and "Remind me". */
export function RoomCard({ room, onRemind }: RoomCardProps) {
  const t = useT()
  const language = useLanguage()
  const live = room.state === 'live'
  const headingId = `room-${room.room_id}`
  return (
    <Card component="article" variant="outlined" aria-labelledby={headingId}>
      <CardContent>
        <Stack spacing={1}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            {live && <Chip size="small" color="success" label={t('Live (room)')} />}
            {room.is_mine && <Chip size="small" variant="outlined" label={t('Yours (room)')} />}
            <Chip
              size="small"
              variant="outlined"
              label={room.group_name ? <bdi>{room.group_name}</bdi> : t('Public (room)')}
            />
          </Stack>
          <Typography id={headingId} variant="h6" component="h2" dir="auto">
            <TextLink to="/rooms/$roomId" params={{ roomId: room.room_id }} underline="hover">
              {room.name}
            </TextLink>
          </Typography>
          <Typography variant="body2">
            {roomTimeText(room, t, language)} · {roomRepeatText(room, t, language)}
          </Typography>
          {room.description && <ClampedText text={room.description} />}
          <Stack
            direction="row"
            spacing={2}
            sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap' }}
          >
            {room.state !== 'ended' && (
              <FormControlLabel
                control={
                  <Switch
                    checked={room.reminded}
                    onChange={(event) => onRemind(event.target.checked)}
                    slotProps={{
                      input: { 'aria-label': t('Remind me of a room', { name: room.name }) },
                    }}
                  />
                }
                label={t('Remind me')}
              />
            )}
            {live && (
              <ButtonLink
                variant="contained"
                to="/rooms/$roomId"
                params={{ roomId: room.room_id }}
                aria-label={t('Join a room (button)', { name: room.name })}
              >
                {t('Join, with how many are here', { count: room.presence_count })}
              </ButtonLink>
            )}
          </Stack>
        </Stack>
      </CardContent>
    </Card>
  )
}
