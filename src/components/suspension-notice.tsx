import Alert from '@mui/material/Alert'
import { Snackbar } from './lazy-snackbar'

/**
 * A suspended member's Amen, candle or prayer flips back (spec 001 §4: silently); this says why,
 * in the server's words with the end date (issue 8). Forms show the same message themselves.
 */
export default function SuspensionNotice({
  message,
  onClose,
}: {
  message: string
  onClose: () => void
}) {
  return (
    <Snackbar open autoHideDuration={8000} onClose={onClose}>
      <Alert severity="warning" onClose={onClose}>
        {message}
      </Alert>
    </Snackbar>
  )
}
