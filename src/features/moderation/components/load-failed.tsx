import Button from '@mui/material/Button'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { isSecondFactorRequired, SecondFactorRequired } from '@/components/second-factor-required'
import { translateText } from '@/i18n/i18n'
import { useT } from '@/i18n/use-t'
import { ApiError, NetworkError } from '@/lib/api-client'

/**
 * A list that could not be read, with the reason when the server gave one, and a retry.
 * `title` is the whole sentence ("Could not load the audit log."), translated by the caller.
 */
export function LoadFailed({
  title,
  error,
  onRetry,
}: {
  title: string
  error: unknown
  onRetry: () => void
}) {
  const t = useT()
  if (isSecondFactorRequired(error)) return <SecondFactorRequired />
  const reason =
    error instanceof NetworkError
      ? t('The server could not be reached.')
      : error instanceof ApiError && error.status >= 400
        ? translateText(error.detail)
        : null
  return (
    <Stack spacing={1} role="alert" sx={{ py: 3, alignItems: 'flex-start' }}>
      <Typography>{title}</Typography>
      {reason && <Typography color="textSecondary">{reason}</Typography>}
      <Button variant="outlined" onClick={onRetry}>
        {t('Try again')}
      </Button>
    </Stack>
  )
}
