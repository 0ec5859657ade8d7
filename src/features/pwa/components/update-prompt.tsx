import Button from '@mui/material/Button'
import type { SnackbarCloseReason } from '@mui/material/Snackbar'
import { Snackbar } from '@/components/lazy-snackbar'
import { useEffect, useState, useSyncExternalStore } from 'react'
import { useHasUnsavedChanges } from '@/lib/unsaved-changes'
import { serviceWorkerUpdates, type ServiceWorkerUpdates } from '../service-worker-updates'

/**
 * Offers a waiting app version (DESIGN §6, registerType 'prompt'). Rendered once in the root
 * layout; it also registers the service worker. `updates` is replaceable for tests.
 */
export function UpdatePrompt({
  updates = serviceWorkerUpdates,
}: {
  updates?: ServiceWorkerUpdates
}) {
  useEffect(() => updates.start(), [updates])
  // The build-time render of the landing page (src/prerender-landing.tsx) knows no service worker.
  const status = useSyncExternalStore(
    updates.subscribe,
    updates.getStatus,
    () => 'current' as const,
  )
  const hasUnsavedInput = useHasUnsavedChanges()
  const [dismissed, setDismissed] = useState(false)

  // A click elsewhere on the page is not an answer; Escape counts as "Later".
  function handleClose(_event: unknown, reason: SnackbarCloseReason) {
    if (reason !== 'clickaway') setDismissed(true)
  }

  return (
    <Snackbar
      open={status !== 'current' && !dismissed}
      onClose={handleClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      // Polite: an update is news, not an error that interrupts a screen reader.
      slotProps={{ content: { role: 'status' } }}
      message={
        <>
          A new version is available.
          {/* Reloading would lose what is typed; the prompt waits for the form (DESIGN §6). */}
          {hasUnsavedInput && ' Finish or save what you are writing, then refresh.'}
        </>
      }
      action={
        <>
          <Button color="inherit" onClick={() => setDismissed(true)}>
            Later
          </Button>
          <Button
            color="inherit"
            variant="outlined"
            disabled={hasUnsavedInput || status === 'activating'}
            onClick={() => updates.applyUpdate()}
          >
            Refresh
          </Button>
        </>
      }
    />
  )
}
