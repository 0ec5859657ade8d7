import type { IntentionFeedResponse } from '@contract/intentions'
import { HubConnectionState, type HubConnectionBuilder } from '@microsoft/signalr'
import { type InfiniteData, QueryClient, QueryObserver } from '@tanstack/react-query'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type {
  ClientNotification,
  NotificationListData,
} from '@/features/notifications/api/get-notifications'
import { aNotification } from '@/features/notifications/notification-fixtures'
import { anIntention } from '@/features/prayer-wall/intention-fixtures'
import { connectHub } from './hub-client'
import { endSessionLocally, sessionQueryOptions } from './session'

// The hub client against a fake @microsoft/signalr builder: the spec's settings, the session
// lifecycle, each event's effect on the query cache, watching the visible feed, reconnects.

type Handler = (...args: unknown[]) => void

class FakeConnection {
  static failNextStart = false
  state: HubConnectionState = HubConnectionState.Disconnected
  handlers = new Map<string, Handler>()
  invoked: { method: string; args: unknown[] }[] = []
  started = 0
  stopped = 0
  reconnected: (() => void)[] = []
  closed: ((error?: Error) => void)[] = []
  private readonly failStart = FakeConnection.failNextStart

  on(name: string, handler: Handler) {
    this.handlers.set(name, handler)
  }
  onreconnecting() {}
  onreconnected(callback: () => void) {
    this.reconnected.push(callback)
  }
  onclose(callback: (error?: Error) => void) {
    this.closed.push(callback)
  }
  async start() {
    this.started += 1
    FakeConnection.failNextStart = false
    if (this.failStart) throw new Error('Failed to complete negotiation with the server')
    this.state = HubConnectionState.Connected
  }
  async stop() {
    this.stopped += 1
    this.state = HubConnectionState.Disconnected
    for (const callback of this.closed) callback()
  }
  invoke(method: string, ...args: unknown[]) {
    this.invoked.push({ method, args })
    return Promise.resolve(method === 'WatchIntentions' ? { watching: args[0] } : undefined)
  }
  /** The server sends an event (an Invocation with no id). */
  emit(name: string, payload: unknown) {
    const handler = this.handlers.get(name)
    if (!handler) throw new Error(`no handler for ${name}`)
    handler(payload)
  }
  /** The library reconnected on a new connection id. */
  reconnect() {
    for (const callback of this.reconnected) callback()
  }
  watchCalls(method = 'WatchIntentions') {
    return this.invoked.filter((call) => call.method === method).map((call) => call.args[0])
  }
}

class FakeBuilder {
  settings: { name: string; args: unknown[] }[] = []
  constructor(private readonly built: FakeConnection[]) {}
  private record(name: string, args: unknown[]) {
    this.settings.push({ name, args })
    return this
  }
  withUrl(...args: unknown[]) {
    return this.record('withUrl', args)
  }
  withServerTimeout(...args: unknown[]) {
    return this.record('withServerTimeout', args)
  }
  withKeepAliveInterval(...args: unknown[]) {
    return this.record('withKeepAliveInterval', args)
  }
  withAutomaticReconnect(...args: unknown[]) {
    return this.record('withAutomaticReconnect', args)
  }
  configureLogging(...args: unknown[]) {
    return this.record('configureLogging', args)
  }
  build() {
    const connection = new FakeConnection()
    this.built.push(connection)
    return connection
  }
}

let queryClient: QueryClient
let built: FakeConnection[]
let builders: FakeBuilder[]
let release: (() => void) | undefined

const signIn = () =>
  queryClient.setQueryData(sessionQueryOptions().queryKey, {
    isAuthenticated: true,
    hasProfile: true,
  })
const connect = () => {
  release = connectHub(queryClient, () => {
    const builder = new FakeBuilder(built)
    builders.push(builder)
    return builder as unknown as HubConnectionBuilder
  })
}
const settle = () => new Promise((resolve) => setTimeout(resolve, 0))
const latest = () => {
  const connection = built.at(-1)
  if (!connection) throw new Error('no connection was built')
  return connection
}

const listKey = ['notifications', 'list']
const unreadKey = ['notifications', 'unread-count']
const listOf = (items: ClientNotification[]): NotificationListData => ({
  pages: [
    { items, nextCursor: null, unreadCount: items.filter((item) => item.readAt === null).length },
  ],
  pageParams: [null],
})
const listedIds = () =>
  queryClient
    .getQueryData<NotificationListData>(listKey)
    ?.pages.flatMap((page) => page.items.map((item) => item.notificationId))

/** A feed tab on screen: an observer on its query, holding these pages. */
function showFeed(view: string, pages: IntentionFeedResponse[]) {
  const queryKey = ['intentions', 'feed', view]
  queryClient.setQueryData<InfiniteData<IntentionFeedResponse>>(queryKey, {
    pages,
    pageParams: pages.map(() => null),
  })
  const observer = new QueryObserver(queryClient, { queryKey, enabled: false })
  return observer.subscribe(() => {})
}

beforeEach(() => {
  queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  built = []
  builders = []
  vi.spyOn(console, 'warn').mockImplementation(() => {})
})
afterEach(() => {
  release?.()
  release = undefined
  queryClient.clear()
})

describe('hub client', () => {
  it('connects to the hub with the spec settings once the member is signed in', async () => {
    connect()
    expect(built).toHaveLength(0)

    signIn()
    await settle()

    expect(built).toHaveLength(1)
    expect(latest().started).toBe(1)
    const settings = Object.fromEntries(builders[0]!.settings.map(({ name, args }) => [name, args]))
    expect(settings.withUrl).toEqual(['/hub/notifications', { withCredentials: true }])
    expect(settings.withServerTimeout).toEqual([30_000])
    expect(settings.withKeepAliveInterval).toEqual([15_000])
    expect(settings.withAutomaticReconnect).toEqual([[0, 2_000, 10_000, 30_000]])
  })

  it('stops on sign-out, connects afresh at the next sign-in, and ends when released', async () => {
    signIn()
    connect()
    await settle()
    const first = latest()

    endSessionLocally(queryClient)
    expect(first.stopped).toBe(1)

    signIn()
    await settle()
    expect(built).toHaveLength(2)
    const second = latest()
    expect(second.started).toBe(1)

    release?.()
    release = undefined
    expect(second.stopped).toBe(1)
    // Released: session changes no longer build connections.
    endSessionLocally(queryClient)
    signIn()
    expect(built).toHaveLength(2)
  })

  it('holds one connection however many callers hold it, until the last lets go', async () => {
    signIn()
    connect()
    const second = connectHub(queryClient)
    await settle()
    expect(built).toHaveLength(1)

    second()
    expect(latest().stopped).toBe(0)
  })

  it('does not retry a failed start on every session read (the library gives up, so do we)', async () => {
    FakeConnection.failNextStart = true
    signIn()
    connect()
    await settle()
    expect(latest().started).toBe(1)
    expect(console.warn).toHaveBeenCalledWith(expect.stringContaining('could not connect'))

    // A refetch of the same session is not a new sign-in.
    signIn()
    await settle()
    expect(built).toHaveLength(1)
  })

  it('NewNotification goes on top of the list and counts as unread; a repeat of the same id replaces it', async () => {
    const older = aNotification({ readAt: new Date().toISOString() })
    queryClient.setQueryData(listKey, listOf([older]))
    queryClient.setQueryData(unreadKey, 0)
    signIn()
    connect()
    await settle()

    const bundle = aNotification({
      type: 'PrayerBundle',
      title: '2 people prayed for your intention',
    })
    latest().emit('NewNotification', bundle)
    expect(listedIds()).toEqual([bundle.notificationId, older.notificationId])
    expect(queryClient.getQueryData(unreadKey)).toBe(1)

    // The bundle's count changes: the same row comes again, still unread.
    latest().emit('NewNotification', { ...bundle, title: '3 people prayed for your intention' })
    expect(listedIds()).toEqual([bundle.notificationId, older.notificationId])
    expect(queryClient.getQueryData(unreadKey)).toBe(1)
    const first = queryClient.getQueryData<NotificationListData>(listKey)?.pages[0]?.items[0]
    expect(first?.title).toBe('3 people prayed for your intention')
  })

  it('keeps a notification of a type this client does not know', async () => {
    queryClient.setQueryData(listKey, listOf([]))
    signIn()
    connect()
    await settle()

    const removed = aNotification({
      type: 'ContentRemoved',
      title: 'A moderator removed your comment',
    })
    latest().emit('NewNotification', removed)
    expect(listedIds()).toEqual([removed.notificationId])
  })

  it('a removal of the member’s post makes the wall, threads and stories read again, not drafts', async () => {
    const thread = ['comments', 'i1', 'thread']
    const draft = ['comments', 'i1', 'draft']
    for (const key of [['intentions', 'feed', 'public'], ['testimonies', 'feed'], thread, draft])
      queryClient.setQueryData(key, { kept: true })
    signIn()
    connect()
    await settle()

    latest().emit('NewNotification', aNotification({ type: 'PrayerReaction' }))
    expect(queryClient.getQueryState(thread)?.isInvalidated).toBe(false)

    latest().emit('NewNotification', aNotification({ type: 'ContentRemoved' }))
    expect(queryClient.getQueryState(['intentions', 'feed', 'public'])?.isInvalidated).toBe(true)
    expect(queryClient.getQueryState(['testimonies', 'feed'])?.isInvalidated).toBe(true)
    expect(queryClient.getQueryState(thread)?.isInvalidated).toBe(true)
    expect(queryClient.getQueryState(draft)?.isInvalidated).toBe(false)
  })

  it('UnreadCountUpdate sets the count; CounterUpdate patches the counts of that intention', async () => {
    const watched = anIntention({ prayed_count: 1, amen_count: 2, comments_count: 0 })
    const other = anIntention({ prayed_count: 7 })
    const unsubscribe = showFeed('wall', [{ items: [watched, other], next_cursor: null }])
    signIn()
    connect()
    await settle()

    latest().emit('UnreadCountUpdate', { unreadCount: 4 })
    expect(queryClient.getQueryData(unreadKey)).toBe(4)

    latest().emit('CounterUpdate', {
      intentionId: watched.intention_id,
      prayed_count: 5,
      comments_count: 1,
    })
    const feed = queryClient.getQueryData<InfiniteData<IntentionFeedResponse>>([
      'intentions',
      'feed',
      'wall',
    ])
    const [patched, untouched] = feed?.pages[0]?.items ?? []
    expect(patched).toMatchObject({ prayed_count: 5, amen_count: 2, comments_count: 1 })
    expect(untouched).toMatchObject({ prayed_count: 7 })
    unsubscribe()
  })

  it('watches the intentions on screen, only the new ones as pages arrive, and unwatches what leaves', async () => {
    const [a, b, c] = [anIntention(), anIntention(), anIntention()]
    const unsubscribe = showFeed('wall', [{ items: [a, b], next_cursor: 'next' }])
    showFeed('answered', [{ items: [anIntention()], next_cursor: null }])() // cached but not shown
    signIn()
    connect()
    await settle()
    const connection = latest()
    expect(connection.watchCalls()).toEqual([[a.intention_id, b.intention_id]])

    queryClient.setQueryData<InfiniteData<IntentionFeedResponse>>(
      ['intentions', 'feed', 'wall'],
      (data) => ({
        pages: [...(data?.pages ?? []), { items: [c], next_cursor: null }],
        pageParams: [...(data?.pageParams ?? []), 'next'],
      }),
    )
    await settle()
    expect(connection.watchCalls()).toEqual([[a.intention_id, b.intention_id], [c.intention_id]])

    unsubscribe()
    await settle()
    expect(connection.watchCalls('UnwatchIntentions')).toEqual([
      [a.intention_id, b.intention_id, c.intention_id],
    ])
  })

  it('once connected, and again after each reconnect, it watches and refetches the unread count and the list', async () => {
    const shown = anIntention()
    const unsubscribe = showFeed('wall', [{ items: [shown], next_cursor: null }])
    const fetchCount = vi.fn(async () => 0)
    const countObserver = new QueryObserver(queryClient, {
      queryKey: unreadKey,
      queryFn: fetchCount,
      staleTime: Infinity,
    })
    const stopCount = countObserver.subscribe(() => {})
    await vi.waitFor(() => expect(fetchCount).toHaveBeenCalledTimes(1))
    queryClient.setQueryData(listKey, listOf([]))
    signIn()
    connect()
    await settle()
    const connection = latest()
    // Whatever was sent before the connection was up is read again.
    await vi.waitFor(() => expect(fetchCount).toHaveBeenCalledTimes(2))
    expect(queryClient.getQueryState(listKey)?.isInvalidated).toBe(true)
    queryClient.setQueryData(listKey, listOf([]))

    connection.reconnect()
    await settle()

    expect(connection.watchCalls()).toEqual([[shown.intention_id], [shown.intention_id]])
    await vi.waitFor(() => expect(fetchCount).toHaveBeenCalledTimes(3))
    expect(queryClient.getQueryState(listKey)?.isInvalidated).toBe(true)
    stopCount()
    unsubscribe()
  })
})
