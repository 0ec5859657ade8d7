import { startTransition } from 'react'
import { loadBootStages } from './boot-stages'

const [
  { createRoot, hydrateRoot },
  { App, createQueryClient },
  { createAppRouter, fetchFirstPageCode, startLanguage },
  { startDeviceData },
] = await loadBootStages()

// Each boot step below is a task of its own (issue 47): run back to back, creating the router,
// asking for the page's code, restoring the device's data and the first route's guard were one
// task of ~500 ms on a phone (CPU ×4), which Lighthouse counts into Total Blocking Time whole.
const queryClient = createQueryClient()
const router = createAppRouter({ queryClient })
await yieldToMain()
fetchFirstPageCode(router)
await yieldToMain()
// Before the first render: the member's saved queries are restored, so the last feed paints at
// once after a cold start, online or offline (DESIGN §6).
// The device's language (issue 42), its catalogue fetched beside the saved queries (English
// needs none).
await Promise.all([startDeviceData(queryClient), startLanguage()])

const rootElement = document.getElementById('root')
if (!rootElement) throw new Error('index.html has no #root element')

// index.html's boot frame (`data-boot`) is only painted until the app renders. landing.html: the
// server and the service worker answer `/` with the landing page rendered at build time, so it
// paints before any script runs; React adopts that markup instead of replacing it, and `ssr`
// makes the router render the tree the way the pre-render did (no root Suspense boundary).
const adoptsLanding = Boolean(
  rootElement.firstElementChild && !rootElement.firstElementChild.hasAttribute('data-boot'),
)
if (adoptsLanding) router.ssr = { manifest: undefined }
// The router resolves the first route (guards, the page's code) before React renders, and React
// then renders in a transition: in slices the browser may interrupt to paint and answer a tap,
// instead of one long task per render on a phone (issue 18). Meanwhile the boot frame or the
// landing stays painted.
await yieldToMain()
await router.load()
await yieldToMain()
startTransition(() => {
  const app = <App router={router} queryClient={queryClient} />
  if (adoptsLanding) hydrateRoot(rootElement, app)
  else createRoot(rootElement).render(app)
})

/** Lets the browser paint and run what waits (a tap, a response) before the next boot step. */
function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler
  if (scheduler?.yield) return scheduler.yield()
  return new Promise((resolve) => setTimeout(resolve, 0))
}
