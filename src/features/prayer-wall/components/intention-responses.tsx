import Button from '@mui/material/Button'
import Stack from '@mui/material/Stack'
import type { Intention } from '@contract/intentions'
import { PendingChip } from '@/components/pending-chip'
import { TimedPrayerButton } from '@/components/timed-prayer-button'
import { usePrayForIntention } from '../api/pray-for-intention'
import { useReactToIntention } from '../api/react-to-intention'
import type { ReactorTab } from '../wall-views'

const COUNT_LABELS: Record<ReactorTab, [one: string, many: string]> = {
  prayed: ['prayed', 'prayed'],
  amen: ['amen', 'amens'],
  candle: ['candle', 'candles'],
}

function countOf(intention: Intention, tab: ReactorTab): number {
  return tab === 'prayed'
    ? intention.prayed_count
    : tab === 'amen'
      ? intention.amen_count
      : intention.candle_count
}

/** The three counts, each opening the who-reacted list at its tab (spec 001 §2). */
export function IntentionCounts({
  intention,
  onOpenReactors,
}: {
  intention: Intention
  onOpenReactors: (tab: ReactorTab) => void
}) {
  return (
    <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
      {(['prayed', 'amen', 'candle'] as const).map((tab) => {
        const count = countOf(intention, tab)
        const [one, many] = COUNT_LABELS[tab]
        return (
          <Button key={tab} size="small" variant="text" onClick={() => onOpenReactors(tab)}>
            {count} {count === 1 ? one : many}
          </Button>
        )
      })}
    </Stack>
  )
}

/**
 * Pray now, Say Amen and Light a candle (spec 001 §2, §4). Closed prayers disable all three.
 * A second pray call while one is in flight is ignored.
 */
export function IntentionResponses({ intention }: { intention: Intention }) {
  const pray = usePrayForIntention()
  const react = useReactToIntention()
  const closed = intention.status !== 'active'
  const toggle = (kind: 'amen' | 'candle', active: boolean) =>
    react.mutate({ intentionId: intention.intention_id, kind, active })
  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      spacing={1}
      sx={{ alignItems: { sm: 'flex-start' } }}
    >
      <TimedPrayerButton
        prayed={intention.has_prayed}
        disabled={closed}
        subject={intention.title}
        onComplete={() => {
          if (!pray.isPending) pray.mutate(intention.intention_id)
        }}
      />
      <Button
        variant={intention.said_amen ? 'contained' : 'outlined'}
        disabled={closed}
        onClick={() => toggle('amen', !intention.said_amen)}
        sx={{ minHeight: 44 }}
      >
        {intention.said_amen ? 'Said Amen' : 'Say Amen'}
      </Button>
      <Button
        variant={intention.lighted_candle ? 'contained' : 'outlined'}
        disabled={closed}
        onClick={() => toggle('candle', !intention.lighted_candle)}
        sx={{ minHeight: 44 }}
      >
        {intention.lighted_candle ? 'Candle lit' : 'Light a candle'}
      </Button>
      <PendingChip subject={`intention:${intention.intention_id}`} />
    </Stack>
  )
}
