import type { IntentionStatus } from '@contract/intention-status'
import { Chip } from '@/ui/chip'
import { HintTooltip } from '@/components/hint-tooltip'
import { useT } from '@/i18n/use-t'

// Spec 001 §2 "Status chips": active prayers show none.
const CHIPS = {
  answered: {
    label: 'Prayer Answered',
    tooltip: 'Closed with testimony (if shared)',
    color: 'success',
  },
  released_in_peace: {
    label: 'Released in Peace',
    tooltip: 'Closed with reason',
    color: 'primary',
  },
} as const

export function IntentionStatusChip({ status }: { status: IntentionStatus }) {
  const t = useT()
  if (status === 'active') return null
  const chip = CHIPS[status]
  // Focusable so the tooltip reaches keyboard users too.
  return (
    <HintTooltip title={t(chip.tooltip)}>
      <Chip label={t(chip.label)} color={chip.color} size="small" tabIndex={0} />
    </HintTooltip>
  )
}
