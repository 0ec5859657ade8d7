import cloudOffPaths from '@mui/icons-material/CloudOffOutlined?svg-paths'
import historyPaths from '@mui/icons-material/HistoryOutlined?svg-paths'
import { Chip } from '@/ui/chip'
import { SvgIcon } from '@/ui/svg-icon'
import { type OfflineStatus, useOfflineStatus } from '../hooks/use-offline-status'
import styles from './offline-indicator.module.css'
import type { MessageId } from '@/i18n/i18n'
import { useT } from '@/i18n/use-t'

const LABELS: Record<Exclude<OfflineStatus, null>, MessageId> = {
  offline: "You're offline",
  saved: 'Showing saved content',
}

/**
 * A quiet note (DESIGN §6) in a corner: no network, or content from a cache. The polite live
 * region is always there, so screen readers hear the change; it is a `status` only while it
 * says something, so an empty one never stands beside a screen's own status. No clicks taken.
 */
export function OfflineIndicator() {
  const t = useT()
  const status = useOfflineStatus()
  return (
    <div
      role={status ? 'status' : undefined}
      aria-live="polite"
      aria-atomic="true"
      data-testid="offline-indicator"
      className={styles.region}
    >
      {status && (
        <Chip
          icon={
            <SvgIcon
              paths={status === 'offline' ? cloudOffPaths : historyPaths}
              fontSize="inherit"
            />
          }
          label={t(LABELS[status])}
          size="small"
          variant="outlined"
          className={styles.note}
        />
      )}
    </div>
  )
}
