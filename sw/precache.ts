import {
  addRoute,
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  precache,
  type PrecacheEntry,
} from 'workbox-precaching'
import { NavigationRoute, registerRoute } from 'workbox-routing'
import { LANDING_NAVIGATION } from './landing-navigation'
import { SERVER_NAVIGATION_DENYLIST } from './navigation'

// vite-plugin-pwa (injectManifest) replaces self.__WB_MANIFEST with the build's revisioned files.
declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<PrecacheEntry | string> }

const LANDING_FILE = 'landing.html'

// The app shell: every built asset is precached, so the installed app opens offline (DESIGN §6).
export function precacheAppShell(): void {
  cleanupOutdatedCaches()
  const entries = self.__WB_MANIFEST
  precache(entries)
  // `/` opens the landing page pre-rendered at build time, as the server sends it. Registered
  // before the precache route, whose directory index would otherwise answer `/` with index.html.
  if (entries.some((entry) => (typeof entry === 'string' ? entry : entry.url) === LANDING_FILE)) {
    registerRoute(new NavigationRoute(createHandlerBoundToURL(`/${LANDING_FILE}`), { allowlist: [LANDING_NAVIGATION] }))
  }
  addRoute()
  // Deep links such as /prayerwall or /auth/email are client routes: answer them with the cached
  // index.html and let the router take over, except the server's own endpoints.
  registerRoute(
    new NavigationRoute(createHandlerBoundToURL('/index.html'), {
      denylist: [...SERVER_NAVIGATION_DENYLIST],
    }),
  )
}
