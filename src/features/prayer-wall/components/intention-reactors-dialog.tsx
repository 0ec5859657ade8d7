import { ReactorsDialog, type ReactorsTab } from '@/components/reactors-dialog'
import { fetchIntentionReactors, intentionReactorsKey } from '../api/get-intention-reactors'
import type { MessageId } from '@/i18n/i18n'
import { useT } from '@/i18n/use-t'
import type { ReactorTab } from '../wall-views'

// Spec 001 §2 "Reactions list for a prayer".
const TABS: readonly { key: ReactorTab; label: MessageId; emptyText: MessageId }[] = [
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
  const t = useT()
  const tabs: readonly ReactorsTab<ReactorTab>[] = TABS.map(({ key, label, emptyText }) => ({
    key,
    label: t(label),
    emptyText: t(emptyText),
  }))
  return (
    <ReactorsDialog
      open={intentionId !== undefined}
      onClose={onClose}
      title={t('Who responded')}
      tabs={tabs}
      activeTab={tab}
      onTabChange={onTabChange}
      queryKey={intentionReactorsKey(intentionId ?? '')}
      fetchPage={(type, cursor, signal) =>
        fetchIntentionReactors(intentionId ?? '', type, cursor, signal)
      }
    />
  )
}
