import { QueryObserver } from '@tanstack/react-query'
import { describe, expect, it, vi } from 'vitest'
import { anIntention } from '@/testing/intention-fixtures'
import { connectAppHub } from './hub-wiring'
import { FakeConnection, listKey, listOf, settle, setUpHub, unreadKey } from './hub-wiring.fixture'
import { NETWORK_SETTLE_MS } from '@/lib/network'
import { endSessionLocally } from '@/lib/session'

// The hub client against a fake @microsoft/signalr builder: the spec's settings, the session
// lifecycle, failed starts, and what it reads again once connected and after each reconnect.

const hub = setUpHub()

describe('hub client: the connection', () => {
  it('connects to the hub with the spec settings once the member is signed in', async () => {
    hub.connect()
    expect(hub.built).toHaveLength(0)

    hub.signIn()
    await settle()

    expect(hub.built).toHaveLength(1)
    expect(hub.latest().started).toBe(1)
    const settings = Object.fromEntries(
      hub.builders[0]!.settings.map(({ name, args }) => [name, args]),
    )
    expect(settings.withUrl).toEqual(['/hub/notifications', { withCredentials: true }])
    expect(settings.withServerTimeout).toEqual([30_000])
    expect(settings.withKeepAliveInterval).toEqual([15_000])
    expect(settings.withAutomaticReconnect).toEqual([[0, 2_000, 10_000, 30_000]])
  })

  it('stops on sign-out, connects afresh at the next sign-in, and ends when released', async () => {
    hub.signIn()
    hub.connect()
    await settle()
    const first = hub.latest()

    endSessionLocally(hub.queryClient)
    expect(first.stopped).toBe(1)

    hub.signIn()
    await settle()
    expect(hub.built).toHaveLength(2)
    const second = hub.latest()
    expect(second.started).toBe(1)

    hub.release?.()
    hub.release = undefined
    expect(second.stopped).toBe(1)
    // Released: session changes no longer build connections.
    endSessionLocally(hub.queryClient)
    hub.signIn()
    expect(hub.built).toHaveLength(2)
  })

  it('holds one connection however many callers hold it, until the last lets go', async () => {
    hub.signIn()
    hub.connect()
    const second = connectAppHub(hub.queryClient)
    await settle()
    expect(hub.built).toHaveLength(1)

    second()
    expect(hub.latest().stopped).toBe(0)
  })

  it('does not retry a failed start on every session read (the library gives up, so do we)', async () => {
    FakeConnection.failNextStart = true
    hub.signIn()
    hub.connect()
    await settle()
    expect(hub.latest().started).toBe(1)
    expect(console.warn).toHaveBeenCalledWith(expect.stringContaining('could not connect'))

    // A refetch of the same session is not a new sign-in.
    hub.signIn()
    await settle()
    expect(hub.built).toHaveLength(1)
  })

  it('has no connection while the browser is offline, and a new one that catches up once back', async () => {
    vi.useFakeTimers()
    const tick = (ms: number) => vi.advanceTimersByTimeAsync(ms)
    hub.setOnline(false)
    hub.queryClient.setQueryData(listKey, listOf([]))
    hub.signIn()
    hub.connect()
    await tick(0)
    // Signed in with no network: nothing is tried until it returns.
    expect(hub.built).toHaveLength(0)

    // Back, it connects a moment later: `online` can come before requests go out.
    hub.setOnline(true)
    await tick(NETWORK_SETTLE_MS - 1)
    expect(hub.built).toHaveLength(0)
    await tick(1)
    expect(hub.built).toHaveLength(1)
    const first = hub.latest()
    expect(first.started).toBe(1)

    // The network goes: the connection is stopped, not left to reconnect into nothing.
    hub.setOnline(false)
    expect(first.stopped).toBe(1)
    hub.queryClient.setQueryData(listKey, listOf([]))

    // A network that flickers back and away again connects only once it stays.
    hub.setOnline(true)
    await tick(NETWORK_SETTLE_MS / 2)
    hub.setOnline(false)
    await tick(NETWORK_SETTLE_MS)
    expect(hub.built).toHaveLength(1)
    hub.setOnline(true)
    await tick(NETWORK_SETTLE_MS)
    expect(hub.built).toHaveLength(2)
    expect(hub.latest().started).toBe(1)
    expect(hub.queryClient.getQueryState(listKey)?.isInvalidated).toBe(true)

    // Released, the client no longer follows the network.
    hub.release?.()
    hub.release = undefined
    hub.setOnline(false)
    hub.setOnline(true)
    await tick(NETWORK_SETTLE_MS)
    expect(hub.built).toHaveLength(2)
  })

  it('once connected, and again after each reconnect, it watches and refetches the unread count and the list', async () => {
    const shown = anIntention()
    const unsubscribe = hub.showFeed('wall', [{ items: [shown], next_cursor: null }])
    const fetchCount = vi.fn(async () => 0)
    const countObserver = new QueryObserver(hub.queryClient, {
      queryKey: unreadKey,
      queryFn: fetchCount,
      staleTime: Infinity,
    })
    const stopCount = countObserver.subscribe(() => {})
    await vi.waitFor(() => expect(fetchCount).toHaveBeenCalledTimes(1))
    hub.queryClient.setQueryData(listKey, listOf([]))
    hub.signIn()
    hub.connect()
    await settle()
    const connection = hub.latest()
    // Whatever was sent before the connection was up is read again.
    await vi.waitFor(() => expect(fetchCount).toHaveBeenCalledTimes(2))
    expect(hub.queryClient.getQueryState(listKey)?.isInvalidated).toBe(true)
    hub.queryClient.setQueryData(listKey, listOf([]))

    connection.reconnect()
    await settle()

    expect(connection.watchCalls()).toEqual([[shown.intention_id], [shown.intention_id]])
    await vi.waitFor(() => expect(fetchCount).toHaveBeenCalledTimes(3))
    expect(hub.queryClient.getQueryState(listKey)?.isInvalidated).toBe(true)
    stopCount()
    unsubscribe()
  })
})
