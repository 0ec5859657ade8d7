import {
  apiCacheName,
  type ApiSource,
  SwMessage,
  type SwToPageMessage,
} from '@contract/service-worker'
import { CacheableResponsePlugin } from 'workbox-cacheable-response'
import type { RouteHandlerCallbackOptions, WorkboxPlugin } from 'workbox-core/types'
import { ExpirationPlugin } from 'workbox-expiration'
import { registerRoute } from 'workbox-routing'
import { CacheFirst, NetworkFirst } from 'workbox-strategies'
import { API_CACHE_LIMITS, currentApiOwner } from './api-owner'
import { isCachedApiRead, isStaticMedia } from './api-routes'

declare const self: ServiceWorkerGlobalScope

// Added to an answer taken from the cache, so the page can say its content is saved, not live.
const FROM_CACHE_HEADER = 'x-prayer-from-cache'

// Beyond this a slow network loses to the saved answer (a train between stations).
const NETWORK_TIMEOUT_SECONDS = 3

const markFromCache: WorkboxPlugin = {
  cachedResponseWillBeUsed: async ({ cachedResponse }) => {
    if (!cachedResponse) return null
    const headers = new Headers(cachedResponse.headers)
    headers.set(FROM_CACHE_HEADER, '1')
    return new Response(cachedResponse.body, {
      status: cachedResponse.status,
      statusText: cachedResponse.statusText,
      headers,
    })
  },
}

// Only a complete answer for the member who asked is kept: one that arrives after a sign-out,
// or after another member signed in, is dropped instead of landing in a cache.
const keptFor = (userId: string): WorkboxPlugin => ({
  cacheWillUpdate: async ({ response }) =>
    response.status === 200 && (await currentApiOwner()) === userId ? response : null,
})

const apiStrategies = new Map<string, NetworkFirst>()

function apiStrategyFor(userId: string): NetworkFirst {
  let strategy = apiStrategies.get(userId)
  if (!strategy) {
    strategy = new NetworkFirst({
      cacheName: apiCacheName(userId),
      networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS,
      plugins: [
        keptFor(userId),
        new ExpirationPlugin({ ...API_CACHE_LIMITS, purgeOnQuotaError: true }),
        markFromCache,
      ],
    })
    apiStrategies.set(userId, strategy)
  }
  return strategy
}

async function tellPage(event: ExtendableEvent, source: ApiSource): Promise<void> {
  const { clientId } = event as FetchEvent
  const client = clientId ? await self.clients.get(clientId) : undefined
  client?.postMessage({ type: SwMessage.apiSource, source } satisfies SwToPageMessage)
}

async function answerApiRead({ event, request }: RouteHandlerCallbackOptions): Promise<Response> {
  const userId = await currentApiOwner()
  // Nobody named: nothing is cached and nothing cached is served.
  if (!userId) return fetch(request)
  const response = await apiStrategyFor(userId).handle({ event, request })
  event.waitUntil(tellPage(event, response.headers.has(FROM_CACHE_HEADER) ? 'cache' : 'network'))
  return response
}

/** DESIGN §6 runtime caching; registered after the precache, which answers its own files first. */
export function cacheRuntimeRequests(): void {
  registerRoute(({ request }) => isCachedApiRead(request, self.location.origin), answerApiRead)
  registerRoute(
    ({ request }) => isStaticMedia(request.destination),
    new CacheFirst({
      cacheName: 'prayer-media',
      plugins: [
        // Opaque answers (status 0) are how another host's images arrive without CORS.
        new CacheableResponsePlugin({ statuses: [0, 200] }),
        new ExpirationPlugin({
          maxEntries: 100,
          maxAgeSeconds: 30 * 24 * 60 * 60,
          purgeOnQuotaError: true,
        }),
      ],
    }),
  )
}
