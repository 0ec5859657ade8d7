import { lazy, Suspense, useEffect, useState, useSyncExternalStore } from 'react'
import { useOpenedOnce } from '@/components/lazy-snackbar'
import { useHasUnsavedChanges } from '@/lib/unsaved-changes'
import { serviceWorkerUpdates, type ServiceWorkerUpdates } from '../service-worker-updates'

// The prompt renders on every page but shows only when a new version waits: its Snackbar and
// buttons (MUI) load then, not with the page (issue 18), and stay mounted so it closes with its
// transition.
const UpdateSnackbar = lazy(() =>
  import('./update-snackbar').then((module) => ({ default: module.UpdateSnackbar })),
)

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
  const open = status !== 'current' && !dismissed
  const opened = useOpenedOnce(open)

  if (!opened) return null
  return (
    <Suspense fallback={null}>
      <UpdateSnackbar
        open={open}
        waitForForm={hasUnsavedInput}
        activating={status === 'activating'}
        onLater={() => setDismissed(true)}
        onRefresh={() => updates.applyUpdate()}
      />
    </Suspense>
  )
}
