import Alert from '@mui/material/Alert'
import Typography from '@mui/material/Typography'
import { useQuery } from '@tanstack/react-query'
import { useT } from '@/i18n/use-t'
import { profileQueryOptions } from '@/lib/session'

// Issue 37: a verified email changes only once the new address's link is followed; until then
// the member is reminded which address still signs in.
export function PendingEmailBanner({ pending, current }: { pending: string; current: string }) {
  const t = useT()
  // The link is opened in a mail app: coming back to this tab re-reads the profile at once, so
  // the banner leaves as soon as the change is confirmed.
  useQuery({ ...profileQueryOptions(), refetchOnWindowFocus: 'always' })
  return (
    <Alert
      severity="info"
      role="region"
      aria-label={t('Email change')}
      square
      sx={{ justifyContent: 'center', alignItems: 'center' }}
    >
      <Typography variant="body2" component="span">
        {/* EmailChangeMessage.pending's words, in the member's language. */}
        {t(
          'We sent a link to {pending}. Your email changes once you follow it; until then, sign in with {current}.',
          { pending, current },
        )}
      </Typography>
    </Alert>
  )
}
