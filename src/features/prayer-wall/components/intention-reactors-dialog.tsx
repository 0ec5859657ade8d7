import { ReactorsDialog, type ReactorsTab } from '@/components/reactors-dialog'
import { fetchIntentionReactors, intentionReactorsKey } from '../api/get-intention-reactors'
import type { ReactorTab } from '../wall-views'

// Spec 001 §2 "Reactions list for a prayer".
const TABS: readonly ReactorsTab<ReactorTab>[] = [
  { key: 'prayed', label: 'Prayed', emptyText: 'Be the first to pray for this intention.' },
  { key: 'amen', label: 'Amen', emptyText: 'No amen yet.' },
  { key: 'candle', label: 'Candle', emptyText: 'No candle yet.' },
]

export function IntentionReactorsDialog({
  intentionId,
  tab,
  onTabChange,
  onClose,
}: {
  intentionId: string | undefined
  tab: ReactorTab
  onTabChange: (tab: ReactorTab) => void
  onClose: () => void
}) {
  return (
    <ReactorsDialog
      open={intentionId !== undefined}
      onClose={onClose}
      title="Who responded"
      tabs={TABS}
      activeTab={tab}
      onTabChange={onTabChange}
      queryKey={intentionReactorsKey(intentionId ?? '')}
      fetchPage={(type, cursor, signal) =>
        fetchIntentionReactors(intentionId ?? '', type, cursor, signal)
      }
    />
  )
}
