import { startTransition } from 'react'
import { loadBootStages } from './boot-stages'

const [
  { createRoot, hydrateRoot },
  { App, createQueryClient },
  { createAppRouter, fetchFirstPageCode },
  { startDeviceData },
] = await loadBootStages()

const queryClient = createQueryClient()
const router = createAppRouter({ queryClient })
fetchFirstPageCode(router)
// Before the first render: the member's saved queries are restored, so the last feed paints at
// once after a cold start, online or offline (DESIGN §6).
await startDeviceData(queryClient)

const rootElement = document.getElementById('root')
if (!rootElement) throw new Error('index.html has no #root element')

// index.html's boot frame (`data-boot`) is only painted until the app renders; the landing's
// pre-rendered markup is adopted.
if (rootElement.firstElementChild && !rootElement.firstElementChild.hasAttribute('data-boot')) {
  // landing.html: the server and the service worker answer `/` with the landing page rendered at
  // build time, so it paints before any script runs. The router first loads the same route
  // (and its lazy chunk) so React adopts that markup instead of replacing it; `ssr` makes the
  // router render the tree the way the pre-render did (no root Suspense boundary).
  router.ssr = { manifest: undefined }
  await router.load()
  // The page is already visible, so hydration may yield to the browser between components
  // instead of blocking the main thread in one long task (TBT, input delay).
  startTransition(() => {
    hydrateRoot(rootElement, <App router={router} queryClient={queryClient} />)
  })
} else {
  // Any other page (a member's wall above all): the router resolves the guards and fetches the
  // page's code first, and React then renders the first screen in a transition, in slices the
  // browser may interrupt to paint and answer a tap, instead of one long task per render on a
  // phone (issue 18). The boot frame stays painted meanwhile.
  await router.load()
  startTransition(() => {
    createRoot(rootElement).render(<App router={router} queryClient={queryClient} />)
  })
}
