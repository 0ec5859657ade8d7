import CloudQueue from '@mui/icons-material/CloudQueue'
import Chip from '@mui/material/Chip'
import type { SxProps, Theme } from '@mui/material/styles'
import { useIsPending } from '@/lib/outbox/use-outbox'

/** The "Pending" mark of something made offline and still on its way to the server (DESIGN §6). */
export function PendingMark({
  title = 'Saved on this device; it will be sent when you are back online',
  sx,
}: {
  title?: string
  sx?: SxProps<Theme>
}) {
  return (
    <Chip
      size="small"
      variant="outlined"
      icon={<CloudQueue fontSize="small" aria-hidden="true" />}
      label="Pending"
      title={title}
      sx={sx}
    />
  )
}

/**
 * "Pending" beside a response made offline: it shows as done, and this says it is still on its
 * way. `subject` is `intention:<id>`, `comment:<id>` or `testimony:<id>`.
 */
export function PendingChip({ subject }: { subject: string }) {
  if (!useIsPending(subject)) return null
  return <PendingMark sx={{ alignSelf: 'center' }} />
}
