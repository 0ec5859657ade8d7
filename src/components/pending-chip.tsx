import cloudQueuePaths from '@mui/icons-material/CloudQueue?svg-paths'
import { useIsPending } from '@/lib/outbox/use-outbox'
import { Chip } from '@/ui/chip'
import { SvgIcon } from '@/ui/svg-icon'
import styles from './pending-chip.module.css'
import { useT } from '@/i18n/use-t'

/** The "Pending" mark of something made offline and still on its way to the server (DESIGN §6). */
export function PendingMark({ title, className }: { title?: string; className?: string }) {
  const t = useT()
  return (
    <Chip
      size="small"
      variant="outlined"
      icon={<SvgIcon paths={cloudQueuePaths} fontSize="inherit" />}
      label={t('Pending')}
      title={title ?? t('Saved on this device; it will be sent when you are back online')}
      className={className}
    />
  )
}

/**
 * "Pending" beside a response made offline: it shows as done, and this says it is still on its
 * way. `subject` is `intention:<id>`, `comment:<id>` or `testimony:<id>`.
 */
export function PendingChip({ subject }: { subject: string }) {
  if (!useIsPending(subject)) return null
  return <PendingMark className={styles.inRow} />
}
