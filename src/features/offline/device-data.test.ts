// @vitest-environment jsdom
import { QueryClient } from '@tanstack/react-query'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { readDeviceOwner, writeDeviceOwner } from '@/lib/device-owner'
import { endSessionLocally, profileQueryOptions, sessionQueryOptions, signOut } from '@/lib/session'
import { type DeviceData, startDeviceData } from './device-data'
import { persistedQueriesKey } from './query-storage'

// DESIGN §6: whose data is on this device. Each test plays the app: the session and profile
// queries answer as the server would, and a fake service worker records what the page tells it.

const feedKey = ['intentions', 'feed', 'groups']
const privateFeed = {
  pages: [{ items: [{ title: 'Private: my brother’s surgery' }], next_cursor: null }],
  pageParams: [null],
}

let workerMessages: unknown[]
let running: DeviceData | null = null

beforeEach(() => {
  workerMessages = []
  const worker = {
    postMessage: (message: unknown, [port]: MessagePort[]) => {
      workerMessages.push(message)
      port?.postMessage({ done: true })
    },
  }
  vi.stubGlobal('navigator', {
    ...navigator,
    serviceWorker: { getRegistration: async () => ({ active: worker }) },
  })
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(null, { status: 204 })),
  )
})

afterEach(() => {
  running?.stop()
  running = null
  vi.unstubAllGlobals()
  vi.useRealTimers()
  window.localStorage.clear()
  window.sessionStorage.clear()
})

const newClient = () =>
  new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } })

async function start(client: QueryClient) {
  running = await startDeviceData(client)
  return running
}

/** The server names the signed-in member, as the header's profile query would read it. */
async function signedInAs(client: QueryClient, userId: string) {
  client.setQueryData(sessionQueryOptions().queryKey, {
    isAuthenticated: true,
    hasProfile: true,
    isPending: false,
  })
  await client.fetchQuery({
    ...profileQueryOptions(),
    queryFn: async () => ({ userId }) as never,
    staleTime: 0,
  })
  await vi.waitFor(() => expect(readDeviceOwner()?.userId).toBe(userId))
}

const persisted = (userId: string) => window.localStorage.getItem(persistedQueriesKey(userId))
// The persister writes at most once a second.
const SAVED = { timeout: 3_000 }

describe('a member signs in', () => {
  it('owns the device data: the worker keeps their answers and their feeds are persisted', async () => {
    const client = newClient()
    await start(client)
    client.setQueryData(feedKey, privateFeed)
    await signedInAs(client, 'ann')

    expect(readDeviceOwner()).toEqual({ userId: 'ann', hasProfile: true })
    expect(workerMessages).toContainEqual({ type: 'SET_USER', userId: 'ann' })
    await vi.waitFor(() => expect(persisted('ann')).toContain('my brother’s surgery'), SAVED)
  })

  it('after a cold start, the last feed is there before anything is fetched', async () => {
    const first = newClient()
    await start(first)
    await signedInAs(first, 'ann')
    first.setQueryData(feedKey, privateFeed)
    await vi.waitFor(() => expect(persisted('ann')).toContain('my brother’s surgery'), SAVED)
    running?.stop()

    const cold = newClient()
    await start(cold)
    expect(cold.getQueryData(feedKey)).toEqual(privateFeed)
  })
})

describe('the session ends', () => {
  async function annWithData() {
    const client = newClient()
    await start(client)
    await signedInAs(client, 'ann')
    client.setQueryData(feedKey, privateFeed)
    await vi.waitFor(() => expect(persisted('ann')).not.toBeNull(), SAVED)
    workerMessages = []
    return client
  }

  async function expectNothingOfAnnLeft(client: QueryClient) {
    await vi.waitFor(() => expect(workerMessages).toContainEqual({ type: 'CLEAR_USER' }))
    expect(readDeviceOwner()).toBeNull()
    expect(persisted('ann')).toBeNull()
    expect(client.getQueryData(feedKey)).toBeUndefined()
    // Nothing comes back once a queued save would have run.
    await new Promise((resolve) => setTimeout(resolve, 1_100))
    expect(persisted('ann')).toBeNull()
  }

  it('on sign-out', async () => {
    const client = await annWithData()
    await signOut(client, async () => undefined)
    await expectNothingOfAnnLeft(client)
  })

  it('on a 401 (the session guard ends the session locally)', async () => {
    const client = await annWithData()
    endSessionLocally(client)
    await expectNothingOfAnnLeft(client)
  })

  it('when the server says nobody is signed in', async () => {
    const client = await annWithData()
    vi.mocked(fetch).mockResolvedValue(Response.json({ isAuthenticated: false }))
    await client.fetchQuery({ ...sessionQueryOptions(), staleTime: 0 })
    client.removeQueries({ queryKey: feedKey })
    await expectNothingOfAnnLeft(client)
  })
})

describe('another member signs in on the same device', () => {
  it('gets none of the first member’s saved data, in memory, in storage or in the worker', async () => {
    const client = newClient()
    await start(client)
    await signedInAs(client, 'ann')
    client.setQueryData(feedKey, privateFeed)
    await vi.waitFor(() => expect(persisted('ann')).not.toBeNull(), SAVED)

    await signedInAs(client, 'bea')

    expect(client.getQueryData(feedKey)).toBeUndefined()
    expect(persisted('ann')).toBeNull()
    expect(workerMessages).toEqual([
      { type: 'CLEAR_USER' }, // start-up: nobody yet
      { type: 'SET_USER', userId: 'ann' },
      { type: 'CLEAR_USER' },
      { type: 'SET_USER', userId: 'bea' },
    ])
    expect(readDeviceOwner()).toEqual({ userId: 'bea', hasProfile: true })
  })

  it('a cold start restores only the member the device belongs to now', async () => {
    writeDeviceOwner({ userId: 'bea', hasProfile: true })
    window.localStorage.setItem(persistedQueriesKey('ann'), 'left over from a crash')
    const client = newClient()
    await start(client)
    await signedInAs(client, 'bea')
    expect(client.getQueryData(feedKey)).toBeUndefined()
  })

  it('in another tab: this tab stops saving the first member’s answers', async () => {
    const client = newClient()
    await start(client)
    await signedInAs(client, 'ann')
    window.localStorage.clear()
    writeDeviceOwner({ userId: 'bea', hasProfile: true })
    window.dispatchEvent(new StorageEvent('storage', { key: 'prayer.device.owner' }))

    client.setQueryData(feedKey, privateFeed)
    await new Promise((resolve) => setTimeout(resolve, 1_100))
    expect(persisted('ann')).toBeNull()
    expect(client.getQueryData(feedKey)).toEqual(privateFeed)
  })
})
