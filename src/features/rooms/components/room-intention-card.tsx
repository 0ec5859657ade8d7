import type { RoomIntention } from '@contract/rooms'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Paper from '@mui/material/Paper'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { keyframes } from '@mui/material/styles'
import { useT } from '@/i18n/use-t'

// A soft ring that grows and fades: others' Amens are felt, not announced.
const pulse = keyframes`
  0% { transform: scale(1); box-shadow: 0 0 0 0 var(--pulse-colour); }
  40% { transform: scale(1.06); }
  100% { transform: scale(1); box-shadow: 0 0 0 18px transparent; }
`

type Props = {
  intention: RoomIntention
  /** Counts the Amens that reached this screen: each new value pulses once. */
  pulses: number
  saidAmen: boolean
  onAmen: () => void
}

/** The request the room is praying for now, with its Amen count for this session. */
export function RoomIntentionCard({ intention, pulses, saidAmen, onAmen }: Props) {
  const t = useT()
  const amens = intention.amen_count
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="room-intention-title"
      sx={{ p: { xs: 2.5, sm: 4 } }}
    >
      <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center' }}>
        <Typography variant="overline" color="textSecondary">
          {t('Praying now for')}
        </Typography>
        {/* The request's own words: their own direction (issue 42). */}
        <Typography id="room-intention-title" variant="h5" component="h2" dir="auto">
          {intention.title}
        </Typography>
        <Typography dir="auto" sx={{ whiteSpace: 'pre-line' }}>
          {intention.details}
        </Typography>
        <Typography variant="body2" color="textSecondary">
          {intention.brought_by
            ? t('Asked by someone, brought by someone', {
                author: intention.author_display_name,
                bringer: intention.brought_by,
              })
            : t('Asked by someone', { author: intention.author_display_name })}
        </Typography>
        <Box
          key={pulses}
          data-amen-pulse={pulses}
          sx={{
            // The theme's variable, so the dark scheme's primary pulses in dark mode.
            '--pulse-colour': 'rgb(var(--mui-palette-primary-mainChannel) / 0.45)',
            borderRadius: 999,
            animation: pulses > 0 ? `${pulse} 1.4s ease-out` : 'none',
            '@media (prefers-reduced-motion: reduce)': { animation: 'none' },
          }}
        >
          <Button
            variant={saidAmen ? 'outlined' : 'contained'}
            size="large"
            onClick={onAmen}
            disabled={saidAmen}
            sx={{ borderRadius: 999, px: 4, minHeight: 48 }}
          >
            {saidAmen ? t('Amen said') : t('Amen (in a room)')}
          </Button>
        </Box>
        <Typography variant="body2" aria-live="off" data-amen-count>
          {t('Amens in the room (a count)', { count: amens })}
        </Typography>
      </Stack>
    </Paper>
  )
}
