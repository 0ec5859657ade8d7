import { ROOM_MESSAGES, type RoomDetail } from '@contract/rooms'
import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import FormControlLabel from '@mui/material/FormControlLabel'
import Paper from '@mui/material/Paper'
import Skeleton from '@mui/material/Skeleton'
import Stack from '@mui/material/Stack'
import Switch from '@mui/material/Switch'
import Typography from '@mui/material/Typography'
import { useState } from 'react'
import { translateText } from '@/i18n/i18n'
import { useLanguage, useT } from '@/i18n/use-t'
import { useLiveRoom } from '../hooks/use-live-room'
import { useRoomAnnouncements } from '../hooks/use-room-announcements'
import { presenceText } from '../room-text'
import { type BringChoice, BringIntentionDialog } from './bring-intention-dialog'
import { RoomIntentionCard } from './room-intention-card'

const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const

type Props = {
  room: RoomDetail
  bringChoices: BringChoice[] | undefined
  onLeave: () => void
}

/** Issue 21: the live session: who is here, the intention on screen, Amen. No chat. */
export function LiveSession({ room, bringChoices, onLeave }: Props) {
  const t = useT()
  const language = useLanguage()
  const [seen, setSeen] = useState(false)
  const [quietView, setQuietView] = useState(false)
  const [bringing, setBringing] = useState(false)
  const [saidAmen, setSaidAmen] = useState<ReadonlySet<string>>(new Set())
  const [actionFailed, setActionFailed] = useState(false)
  const { live, connected, problem, amen, advance } = useLiveRoom(room.room_id, {
    active: true,
    seen,
  })
  const showNames = !room.quiet && !quietView
  const announcement = useRoomAnnouncements(live, showNames)

  const ended = live?.ended ?? (problem === 'closed' || problem === 'removed' ? problem : null)
  if (ended || problem === 'not-live')
    return (
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Alert severity="info">
          {translateText(
            ended === 'closed'
              ? ROOM_MESSAGES.closed
              : ended === 'removed'
                ? ROOM_MESSAGES.removed
                : ROOM_MESSAGES.notLive,
          )}
        </Alert>
        <Button onClick={onLeave}>{t('Back to rooms')}</Button>
      </Stack>
    )

  const onAmen = (intentionId: string) => {
    setSaidAmen((said) => new Set(said).add(intentionId))
    amen(intentionId).catch(() => {
      setSaidAmen((said) => new Set([...said].filter((id) => id !== intentionId)))
      setActionFailed(true)
    })
  }

  return (
    <Stack spacing={2.5}>
      <Box role="status" aria-live="polite" sx={visuallyHidden}>
        {announcement}
      </Box>
      {problem === 'failed' && (
        <Alert severity="error">
          {t('Could not join the room. It tries again when the connection returns.')}
        </Alert>
      )}
      {actionFailed && (
        <Alert severity="error" onClose={() => setActionFailed(false)}>
          {t('That did not reach the room. Please try again.')}
        </Alert>
      )}
      {!connected || !live ? (
        <Stack spacing={2} role="status" aria-label={t('Joining the room')}>
          <Typography color="textSecondary">{t('Joining the room…')}</Typography>
          <Skeleton variant="rounded" height={220} />
        </Stack>
      ) : (
        <>
          <Typography data-room-presence aria-live="off">
            {presenceText(live.count, showNames ? live.names : [], t, language)}
          </Typography>
          {live.intention ? (
            <RoomIntentionCard
              intention={live.intention}
              pulses={live.pulses}
              saidAmen={saidAmen.has(live.intention.intention_id)}
              onAmen={() => live.intention && onAmen(live.intention.intention_id)}
            />
          ) : (
            <Paper variant="outlined" sx={{ p: 3, textAlign: 'center' }}>
              <Typography color="textSecondary">
                {t('The room’s prayer list is empty. Bring an intention to begin.')}
              </Typography>
            </Paper>
          )}
        </>
      )}
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1 }}>
        {room.can_moderate && (
          <Button
            variant="contained"
            disabled={!live}
            onClick={() => advance().catch(() => setActionFailed(true))}
          >
            {t('Next intention')}
          </Button>
        )}
        <Button variant="outlined" onClick={() => setBringing(true)}>
          {t('Bring an intention')}
        </Button>
        <Button onClick={onLeave}>{t('Leave room')}</Button>
      </Stack>
      <Stack>
        {!room.quiet && (
          <FormControlLabel
            control={<Switch checked={seen} onChange={(event) => setSeen(event.target.checked)} />}
            label={t('Show my name to the others')}
          />
        )}
        {!room.quiet && (
          <FormControlLabel
            control={
              <Switch
                checked={quietView}
                onChange={(event) => setQuietView(event.target.checked)}
              />
            }
            label={t('Quiet mode: no names on my screen')}
          />
        )}
      </Stack>
      <BringIntentionDialog
        roomId={room.room_id}
        choices={bringChoices}
        open={bringing}
        onClose={() => setBringing(false)}
      />
    </Stack>
  )
}
