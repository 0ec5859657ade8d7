import {
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  precacheAndRoute,
  type PrecacheEntry,
} from 'workbox-precaching'
import { NavigationRoute, registerRoute } from 'workbox-routing'
import { SERVER_NAVIGATION_DENYLIST } from './navigation'

// vite-plugin-pwa (injectManifest) replaces self.__WB_MANIFEST with the build's revisioned files.
declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<PrecacheEntry | string> }

// The app shell: every built asset is precached, so the installed app opens offline (DESIGN §6).
export function precacheAppShell(): void {
  cleanupOutdatedCaches()
  precacheAndRoute(self.__WB_MANIFEST)
  // Deep links such as /prayerwall or /auth/email are client routes: answer them with the cached
  // index.html and let the router take over, except the server's own endpoints.
  registerRoute(
    new NavigationRoute(createHandlerBoundToURL('/index.html'), {
      denylist: [...SERVER_NAVIGATION_DENYLIST],
    }),
  )
}
