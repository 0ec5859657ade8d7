import Box from '@mui/material/Box'
import Dialog from '@mui/material/Dialog'
import DialogContent from '@mui/material/DialogContent'
import DialogTitle from '@mui/material/DialogTitle'
import Typography from '@mui/material/Typography'
import { WALL_TIMINGS } from '@contract/intentions'
import { useId } from 'react'
import { useT } from '@/i18n/use-t'

const TICKS = WALL_TIMINGS.prayerProgressTicks
const RING_SIZE = 200

export type Phase = 'idle' | 'starting' | 'praying' | 'complete'

// The timed prayer's modal (spec 001 §4): the countdown ring, then "I prayed ✓". Loaded when a
// prayer first starts (timed-prayer-button.tsx).
export function TimedPrayerDialog({
  phase,
  tick,
  secondsLeft,
  onCancel,
}: {
  phase: Phase
  tick: number
  secondsLeft: number
  onCancel: () => void
}) {
  const t = useT()
  const titleId = useId()
  return (
    <Dialog
      open={phase === 'praying' || phase === 'complete'}
      onClose={onCancel}
      aria-labelledby={titleId}
      // Tapping outside cancels (spec 001 §4): there must be an outside, even on a phone.
      slotProps={{ paper: { 'data-keep-size': true } as object }}
    >
      <DialogTitle id={titleId} sx={{ textAlign: 'center' }}>
        {t(phase === 'complete' ? 'I prayed ✓' : 'Take a moment to pray')}
      </DialogTitle>
      <DialogContent sx={{ display: 'grid', justifyItems: 'center', gap: 2 }}>
        <PrayerRing tick={tick} secondsLeft={secondsLeft} />
        <Typography role="status" color="textSecondary">
          {t(
            phase === 'complete'
              ? 'Recorded. Closing…'
              : 'Click outside or press Escape to cancel.',
          )}
        </Typography>
      </DialogContent>
    </Dialog>
  )
}

// 60 marks around a circle; the elapsed ones fill in (spec 001 §9: 60 ticks, size 200).
function PrayerRing({ tick, secondsLeft }: { tick: number; secondsLeft: number }) {
  const t = useT()
  const centre = RING_SIZE / 2
  return (
    <Box sx={{ position: 'relative', width: RING_SIZE, height: RING_SIZE }}>
      <svg width={RING_SIZE} height={RING_SIZE} aria-hidden="true" data-ticks-done={tick}>
        {Array.from({ length: TICKS }, (_, index) => {
          const angle = (index / TICKS) * 2 * Math.PI - Math.PI / 2
          const inner = centre - 18
          const outer = centre - 4
          return (
            <line
              key={index}
              x1={centre + inner * Math.cos(angle)}
              y1={centre + inner * Math.sin(angle)}
              x2={centre + outer * Math.cos(angle)}
              y2={centre + outer * Math.sin(angle)}
              strokeWidth={3}
              strokeLinecap="round"
              stroke={index < tick ? 'currentColor' : '#c5cae9'}
            />
          )
        })}
      </svg>
      <Typography
        variant="h3"
        component="p"
        aria-label={t('Seconds left', { count: secondsLeft })}
        sx={{
          position: 'absolute',
          inset: 0,
          display: 'grid',
          placeItems: 'center',
          color: 'primary.main',
        }}
      >
        {secondsLeft}
      </Typography>
    </Box>
  )
}
