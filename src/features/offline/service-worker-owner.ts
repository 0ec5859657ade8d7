import {
  API_CACHE_PREFIX,
  apiCacheName,
  type PageToSwMessage,
  SwMessage,
} from '@contract/service-worker'

// The page tells the service worker whose API answers to keep (sw/api-owner.ts). Without a
// worker to tell (dev builds, a browser without one, a worker not yet installed) the page drops
// the other members' caches itself, so no answer of theirs is left behind either way.

const ANSWER_TIMEOUT_MS = 3_000

async function activeWorker(): Promise<ServiceWorker | null> {
  if (!('serviceWorker' in navigator)) return null
  const registration = await navigator.serviceWorker.getRegistration().catch(() => undefined)
  return registration?.active ?? null
}

function ask(worker: ServiceWorker, message: PageToSwMessage): Promise<boolean> {
  return new Promise((resolve) => {
    const channel = new MessageChannel()
    const timer = setTimeout(() => resolve(false), ANSWER_TIMEOUT_MS)
    channel.port1.onmessage = () => {
      clearTimeout(timer)
      resolve(true)
    }
    worker.postMessage(message, [channel.port2])
  })
}

async function deleteOtherApiCaches(userId: string | null): Promise<void> {
  if (!('caches' in window)) return
  const keep = userId === null ? null : apiCacheName(userId)
  const names = await caches.keys()
  await Promise.all(
    names
      .filter((name) => name.startsWith(API_CACHE_PREFIX) && name !== keep)
      .map((name) => caches.delete(name)),
  )
}

/** Names the signed-in member (null: nobody); resolves once the other members' caches are gone. */
export async function nameServiceWorkerOwner(userId: string | null): Promise<void> {
  const worker = await activeWorker()
  const message: PageToSwMessage =
    userId === null ? { type: SwMessage.clearUser } : { type: SwMessage.setUser, userId }
  const answered = worker ? await ask(worker, message) : false
  if (!answered) await deleteOtherApiCaches(userId).catch(() => undefined)
}
