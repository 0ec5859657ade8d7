import CloudQueue from '@mui/icons-material/CloudQueue'
import Chip from '@mui/material/Chip'
import { useIsPending } from '@/lib/outbox/use-outbox'

/**
 * "Pending" beside a response made offline (DESIGN §6): it shows as done, and this says it is
 * still on its way to the server. `subject` is `intention:<id>`, `comment:<id>` or
 * `testimony:<id>`.
 */
export function PendingChip({ subject }: { subject: string }) {
  if (!useIsPending(subject)) return null
  return (
    <Chip
      size="small"
      variant="outlined"
      icon={<CloudQueue fontSize="small" aria-hidden="true" />}
      label="Pending"
      title="Saved on this device; it will be sent when you are back online"
      sx={{ alignSelf: 'center' }}
    />
  )
}
