import CloudOffOutlined from '@mui/icons-material/CloudOffOutlined'
import HistoryOutlined from '@mui/icons-material/HistoryOutlined'
import Box from '@mui/material/Box'
import Chip from '@mui/material/Chip'
import { type OfflineStatus, useOfflineStatus } from '../hooks/use-offline-status'

const LABELS: Record<Exclude<OfflineStatus, null>, string> = {
  offline: "You're offline",
  saved: 'Showing saved content',
}

/**
 * A quiet note (DESIGN §6) in a corner: no network, or content from a cache. The polite live
 * region is always there, so screen readers hear the change; it is a `status` only while it
 * says something, so an empty one never stands beside a screen's own status. No clicks taken.
 */
export function OfflineIndicator() {
  const status = useOfflineStatus()
  return (
    <Box
      role={status ? 'status' : undefined}
      aria-live="polite"
      aria-atomic="true"
      data-testid="offline-indicator"
      sx={{
        position: 'fixed',
        insetInlineStart: 16,
        bottom: 16,
        zIndex: (theme) => theme.zIndex.snackbar - 1,
        pointerEvents: 'none',
      }}
    >
      {status && (
        <Chip
          icon={status === 'offline' ? <CloudOffOutlined /> : <HistoryOutlined />}
          label={LABELS[status]}
          size="small"
          variant="outlined"
          sx={{ bgcolor: 'background.paper', boxShadow: 1 }}
        />
      )}
    </Box>
  )
}
