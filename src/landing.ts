// The entry of the pre-rendered landing page `/` (landing.html, scripts/prerender-landing.mjs).
// A visitor reads markup that is already there, so the app's code (React, MUI, the router) is
// not needed until they head into the app (issue 18: the landing's JavaScript budget). This
// registers the service worker, whose install precaches the app's code in the background, and
// starts the app, which hydrates this same markup, when a link or button is approached: at once
// for a member of this device, whose header the app must show.
import { loadBootStages } from './boot-stages'
import { serviceWorkerUpdates } from './features/pwa/service-worker-updates'
import { deviceLanguage, pseudoLocaleOn } from './i18n/device-language'
import { hasDeviceOwnerRecord } from './lib/device-owner-key'
import { readAuthenticatedFlag } from './lib/session-storage'

const INTENT_EVENTS = ['pointerover', 'touchstart', 'focusin'] as const
const INTERACTIVE = 'a[href], button, select'

let started = false
let pendingClick: HTMLElement | null = null

function startApp(): void {
  if (started) return
  started = true
  for (const type of INTENT_EVENTS) document.removeEventListener(type, onIntent, true)
  // The entry's own stages beside it, not after it: one round trip instead of two.
  loadBootStages().catch(() => undefined)
  import('./main')
    .then(() => {
      document.removeEventListener('click', onEarlyClick, true)
      // The app listens now: a button pressed while it loaded (the Features menu) is pressed again.
      pendingClick?.click()
      pendingClick = null
    })
    // Offline without a service worker: the page stays readable and its links still work.
    .catch((error: unknown) => console.warn('The app could not be loaded', error))
}

function onIntent(event: Event): void {
  if (event.target instanceof Element && event.target.closest(INTERACTIVE)) startApp()
}

// Links work without the app (the browser follows them); a button needs the app to answer.
function onEarlyClick(event: MouseEvent): void {
  const button = event.target instanceof Element ? event.target.closest('button') : null
  if (!button) return
  pendingClick = button
  startApp()
}

serviceWorkerUpdates.start()
document.addEventListener('click', onEarlyClick, true)
// The pre-render is English: a visitor in another language (issue 42), or the pseudo-locale,
// gets the app at once too.
const english = deviceLanguage() === 'en' && !pseudoLocaleOn()
if (readAuthenticatedFlag() || hasDeviceOwnerRecord() || !english) startApp()
else
  for (const type of INTENT_EVENTS)
    document.addEventListener(type, onIntent, { capture: true, passive: true })
