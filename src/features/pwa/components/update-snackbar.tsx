import Button from '@mui/material/Button'
import Snackbar, { type SnackbarCloseReason } from '@mui/material/Snackbar'
import { useT } from '@/i18n/use-t'

type UpdateSnackbarProps = {
  open: boolean
  /** A form holds unsaved input: reloading would lose what is typed. */
  waitForForm: boolean
  /** Refresh was pressed: the page reloads once the new version controls it. */
  activating: boolean
  onLater: () => void
  onRefresh: () => void
}

/** What the update prompt shows: loaded only once a new version waits (issue 18). */
export function UpdateSnackbar({
  open,
  waitForForm,
  activating,
  onLater,
  onRefresh,
}: UpdateSnackbarProps) {
  const t = useT()
  // A click elsewhere on the page is not an answer; Escape counts as "Later".
  function handleClose(_event: unknown, reason: SnackbarCloseReason) {
    if (reason !== 'clickaway') onLater()
  }

  return (
    <Snackbar
      open={open}
      onClose={handleClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      // Polite: an update is news, not an error that interrupts a screen reader.
      slotProps={{ content: { role: 'status' } }}
      message={
        <>
          {t('A new version is available.')}
          {/* Reloading would lose what is typed; the prompt waits for the form (DESIGN §6). */}
          {waitForForm && ` ${t('Finish or save what you are writing, then refresh.')}`}
        </>
      }
      action={
        <>
          <Button color="inherit" onClick={onLater}>
            {t('Later')}
          </Button>
          <Button
            color="inherit"
            variant="outlined"
            disabled={waitForForm || activating}
            onClick={onRefresh}
          >
            {t('Refresh')}
          </Button>
        </>
      }
    />
  )
}
