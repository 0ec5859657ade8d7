import 'fake-indexeddb/auto'
import { apiCacheName } from '@contract/service-worker'
import { beforeEach, describe, expect, it, vi } from 'vitest'

// Cache Storage as the browser keeps it: named caches of request → response.
function fakeCacheStorage() {
  const stores = new Map<string, Map<string, Response>>()
  const open = async (name: string) => {
    const entries = stores.get(name) ?? new Map<string, Response>()
    stores.set(name, entries)
    return {
      put: async (request: string, response: Response) => void entries.set(request, response),
      match: async (request: string) => entries.get(request)?.clone(),
    }
  }
  return {
    stores,
    open,
    keys: async () => [...stores.keys()],
    delete: async (name: string) => stores.delete(name),
  }
}

let storage: ReturnType<typeof fakeCacheStorage>

// A fresh module each time: the worker's memory is gone when the browser restarts it.
const loadWorker = async () => {
  vi.resetModules()
  return import('./api-owner')
}

beforeEach(() => {
  storage = fakeCacheStorage()
  vi.stubGlobal('caches', storage)
  // Workbox reads the worker's global scope as `self`.
  vi.stubGlobal('self', globalThis)
})

describe('whose API answers the worker keeps', () => {
  it('nobody before a page names a member', async () => {
    const { currentApiOwner } = await loadWorker()
    expect(await currentApiOwner()).toBeNull()
  })

  it('a new member drops every other member’s cached answers and keeps their own', async () => {
    await storage.open(apiCacheName('ann'))
    await storage.open(apiCacheName('bea'))
    await storage.open('prayer-media')
    const { setApiOwner, currentApiOwner } = await loadWorker()

    await setApiOwner('bea')

    expect(await currentApiOwner()).toBe('bea')
    expect([...storage.stores.keys()].filter((name) => name.startsWith('prayer-api-'))).toEqual([
      apiCacheName('bea'),
    ])
    expect(storage.stores.has('prayer-media')).toBe(true)
  })

  it('nobody signed in drops every member’s answers', async () => {
    await storage.open(apiCacheName('ann'))
    const { setApiOwner, currentApiOwner } = await loadWorker()

    await setApiOwner(null)

    expect(await currentApiOwner()).toBeNull()
    expect([...storage.stores.keys()].some((name) => name.startsWith('prayer-api-'))).toBe(false)
  })

  it('a restarted worker remembers the member, so it never serves another one’s answers', async () => {
    await (await loadWorker()).setApiOwner('ann')
    expect(await (await loadWorker()).currentApiOwner()).toBe('ann')

    await (await loadWorker()).setApiOwner(null)
    expect(await (await loadWorker()).currentApiOwner()).toBeNull()
  })
})
