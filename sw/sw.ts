// The service worker entry only wires events; each concern lives in its own file.
import { clientsClaim } from 'workbox-core'
import { precacheAppShell } from './precache'
import { activateWhenAsked } from './update'

declare const self: ServiceWorkerGlobalScope

precacheAppShell()
self.addEventListener('message', activateWhenAsked)

// The first install has no older version to protect, so it takes the open page at once (later
// runtime caches then see its requests); updates still wait for SKIP_WAITING.
clientsClaim()
