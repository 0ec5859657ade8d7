import Alert from '@mui/material/Alert'
import Button from '@mui/material/Button'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogContentText from '@mui/material/DialogContentText'
import DialogTitle from '@mui/material/DialogTitle'
import { useId, useState } from 'react'
import { translateText } from '@/i18n/i18n'
import { useT } from '@/i18n/use-t'

/**
 * Asks before a way into the account goes (a passkey, a linked provider): the removal runs on
 * confirm, and its refusal (the last way in, a stale sign-in) shows in the dialog.
 */
export function ConfirmRemovalDialog({
  title,
  explanation,
  action,
  remove,
  messageOf,
  onClose,
}: {
  title: string
  explanation: string
  action: string
  remove: () => Promise<unknown>
  messageOf: (failure: unknown) => string
  onClose: () => void
}) {
  const t = useT()
  const titleId = useId()
  const [error, setError] = useState<string | null>(null)
  const [pending, setPending] = useState(false)
  async function confirm() {
    setPending(true)
    try {
      await remove()
      onClose()
    } catch (failure) {
      setError(messageOf(failure))
    } finally {
      setPending(false)
    }
  }
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText>{explanation}</DialogContentText>
        {error && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {translateText(error)}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('Keep it')}</Button>
        <Button color="error" variant="contained" onClick={confirm} loading={pending}>
          {action}
        </Button>
      </DialogActions>
    </Dialog>
  )
}
