import Alert from '@mui/material/Alert'
import Button from '@mui/material/Button'
import Typography from '@mui/material/Typography'
import { useQuery } from '@tanstack/react-query'
import { useT } from '@/i18n/use-t'
import { profileQueryOptions } from '@/lib/session'
import { useResendVerification } from '../api/resend-verification'

// Stands for the address while the sentence is split around it.
const MARK = '\u0001'

// Spec 000 §4: the resend action goes idle -> sending -> 'Link sent'; one polite live region
// announces each change.
export function UnverifiedEmailBanner({ email }: { email: string }) {
  const t = useT()
  const resend = useResendVerification()
  // The link is opened in a mail app: coming back to this tab re-reads the profile at once, so
  // the banner leaves as soon as the email is verified.
  useQuery({ ...profileQueryOptions(), refetchOnWindowFocus: 'always' })

  const action =
    resend.status === 'success' ? null : (
      <Button
        color="inherit"
        size="small"
        loading={resend.isPending}
        loadingPosition="start"
        onClick={() => resend.mutate({ email })}
      >
        {resend.isPending ? t('Sending…') : t('Resend link')}
      </Button>
    )

  // The address is shown in bold inside the translated sentence.
  const [before, after = ''] = t(
    'Please verify your email address. Check your inbox for the link we sent to {email}.',
    { email: MARK },
  ).split(MARK)
  return (
    <Alert
      severity="warning"
      role="region"
      aria-label={t('Email verification')}
      square
      action={action}
      sx={{ justifyContent: 'center', alignItems: 'center' }}
    >
      <Typography variant="body2" component="span">
        {before}
        <strong>{email}</strong>
        {after}
      </Typography>{' '}
      <Typography variant="body2" component="span" role="status" aria-live="polite">
        {resend.status === 'success'
          ? t('Link sent')
          : resend.status === 'error'
            ? t('We could not send the link. Please try again.')
            : resend.isPending
              ? t('Sending a new link…')
              : ''}
      </Typography>
    </Alert>
  )
}
