import { API_CACHE_PREFIX, apiCacheName } from '@contract/service-worker'
import { CacheExpiration } from 'workbox-expiration'

// Whose API answers this worker keeps (DESIGN §6): the page names the signed-in member; a worker
// that the browser stopped and restarted reads the name back from Cache Storage, so cached
// answers are never served to the wrong member after a restart. Nobody named = nothing cached.

const OWNER_CACHE = 'prayer-device-owner'
const OWNER_ENTRY = '/__sw/api-owner'

export const API_CACHE_LIMITS = { maxEntries: 300, maxAgeSeconds: 7 * 24 * 60 * 60 }

let owner: Promise<string | null> | null = null

async function readOwner(): Promise<string | null> {
  const stored = await (await caches.open(OWNER_CACHE)).match(OWNER_ENTRY)
  const userId = stored ? await stored.text() : ''
  return userId || null
}

/** The member whose answers are cached now, or null when nobody is signed in. */
export function currentApiOwner(): Promise<string | null> {
  owner ??= readOwner().catch(() => null)
  return owner
}

/** Names the member (null: nobody) and deletes every other member's cached answers. */
export async function setApiOwner(userId: string | null): Promise<void> {
  owner = Promise.resolve(userId)
  const store = await caches.open(OWNER_CACHE)
  await store.put(OWNER_ENTRY, new Response(userId ?? ''))
  const keep = userId === null ? null : apiCacheName(userId)
  const names = (await caches.keys()).filter(
    (name) => name.startsWith(API_CACHE_PREFIX) && name !== keep,
  )
  // The expiration plugin's timestamps (IndexedDB) go with each cache: no URL of theirs stays.
  for (const name of names) {
    await caches.delete(name)
    await new CacheExpiration(name, API_CACHE_LIMITS).delete()
  }
}
