import { EmailChangeMessage } from '@contract/users-email-change'
import Alert from '@mui/material/Alert'
import Typography from '@mui/material/Typography'
import { useQuery } from '@tanstack/react-query'
import { profileQueryOptions } from '@/lib/session'

// Issue 37: a verified email changes only once the new address's link is followed; until then
// the member is reminded which address still signs in.
export function PendingEmailBanner({ pending, current }: { pending: string; current: string }) {
  // The link is opened in a mail app: coming back to this tab re-reads the profile at once, so
  // the banner leaves as soon as the change is confirmed.
  useQuery({ ...profileQueryOptions(), refetchOnWindowFocus: 'always' })
  return (
    <Alert
      severity="info"
      role="region"
      aria-label="Email change"
      square
      sx={{ justifyContent: 'center', alignItems: 'center' }}
    >
      <Typography variant="body2" component="span">
        {EmailChangeMessage.pending(pending, current)}
      </Typography>
    </Alert>
  )
}
