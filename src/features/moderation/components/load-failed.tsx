import Button from '@mui/material/Button'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { isSecondFactorRequired, SecondFactorRequired } from '@/components/second-factor-required'
import { ApiError, NetworkError } from '@/lib/api-client'

/** A list that could not be read, with the reason when the server gave one, and a retry. */
export function LoadFailed({
  what,
  error,
  onRetry,
}: {
  what: string
  error: unknown
  onRetry: () => void
}) {
  if (isSecondFactorRequired(error)) return <SecondFactorRequired />
  const reason =
    error instanceof NetworkError
      ? 'The server could not be reached.'
      : error instanceof ApiError && error.status >= 400
        ? error.detail
        : null
  return (
    <Stack spacing={1} role="alert" sx={{ py: 3, alignItems: 'flex-start' }}>
      <Typography>Could not load {what}.</Typography>
      {reason && <Typography color="textSecondary">{reason}</Typography>}
      <Button variant="outlined" onClick={onRetry}>
        Try again
      </Button>
    </Stack>
  )
}
