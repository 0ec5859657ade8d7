// The service worker entry only wires events; each concern lives in its own file.
import { clientsClaim } from 'workbox-core'
import { followApiOwner } from './api-owner-messages'
import { openClickedNotification, showPushedNotification } from './notifications'
import { relayOutboxSync } from './outbox-sync'
import { precacheAppShell } from './precache'
import { cacheRuntimeRequests } from './runtime-cache'
import { activateWhenAsked } from './update'

declare const self: ServiceWorkerGlobalScope

precacheAppShell()
cacheRuntimeRequests()
self.addEventListener('message', activateWhenAsked)
self.addEventListener('message', followApiOwner)
self.addEventListener('sync', relayOutboxSync)
self.addEventListener('push', showPushedNotification)
self.addEventListener('notificationclick', openClickedNotification)

// The first install has no older version to protect, so it takes the open page at once (later
// runtime caches then see its requests); updates still wait for SKIP_WAITING.
clientsClaim()
