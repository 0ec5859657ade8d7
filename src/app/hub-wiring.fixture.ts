import type { IntentionFeedResponse } from '@contract/intentions'
import { HubConnectionState, type HubConnectionBuilder } from '@microsoft/signalr'
import { type InfiniteData, QueryClient, QueryObserver } from '@tanstack/react-query'
import { afterEach, beforeEach, vi } from 'vitest'
import type {
  ClientNotification,
  NotificationListData,
} from '@/features/notifications/api/get-notifications'
import { connectAppHub } from './hub-wiring'
import { sessionQueryOptions } from '@/lib/session'
import type { Network } from '@/lib/network'

// The hub client's tests run it against a fake @microsoft/signalr builder: each connection it
// builds records the settings, the calls it makes, and lets a test send server events.

type Handler = (...args: unknown[]) => void

export class FakeConnection {
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

export class FakeBuilder {
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

export const settle = () => new Promise((resolve) => setTimeout(resolve, 0))

export const listKey = ['notifications', 'list']
export const unreadKey = ['notifications', 'unread-count']
export const listOf = (items: ClientNotification[]): NotificationListData => ({
  pages: [
    { items, nextCursor: null, unreadCount: items.filter((item) => item.readAt === null).length },
  ],
  pageParams: [null],
})

/** navigator.onLine and its events. */
class FakeNetwork implements Network {
  isOnline = true
  private listeners = new Set<() => void>()
  online = () => this.isOnline
  onChange(listener: () => void) {
    this.listeners.add(listener)
    return () => void this.listeners.delete(listener)
  }
  set(online: boolean) {
    this.isOnline = online
    for (const listener of this.listeners) listener()
  }
}

/**
 * A fresh query client and fake builder for each test of the file that calls it; whatever the
 * test connected is released after it.
 */
export function setUpHub() {
  const network = new FakeNetwork()
  const state = {
    queryClient: new QueryClient(),
    built: [] as FakeConnection[],
    builders: [] as FakeBuilder[],
    release: undefined as (() => void) | undefined,
  }
  beforeEach(() => {
    state.queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
    state.built = []
    state.builders = []
    network.isOnline = true
    vi.spyOn(console, 'warn').mockImplementation(() => {})
  })
  afterEach(() => {
    vi.useRealTimers()
    state.release?.()
    state.release = undefined
    state.queryClient.clear()
  })

  return Object.assign(state, {
    /** The browser's network comes or goes (the online and offline events). */
    setOnline: (online: boolean) => network.set(online),
    signIn: () =>
      state.queryClient.setQueryData(sessionQueryOptions().queryKey, {
        isAuthenticated: true,
        hasProfile: true,
        isPending: false,
      }),
    connect: () => {
      state.release = connectAppHub(state.queryClient, {
        newBuilder: () => {
          const builder = new FakeBuilder(state.built)
          state.builders.push(builder)
          return builder as unknown as HubConnectionBuilder
        },
        network,
      })
    },
    latest: () => {
      const connection = state.built.at(-1)
      if (!connection) throw new Error('no connection was built')
      return connection
    },
    listedIds: () =>
      state.queryClient
        .getQueryData<NotificationListData>(listKey)
        ?.pages.flatMap((page) => page.items.map((item) => item.notificationId)),
    /** A feed tab on screen: an observer on its query, holding these pages. */
    showFeed: (view: string, pages: IntentionFeedResponse[]) => {
      const queryKey = ['intentions', 'feed', view]
      state.queryClient.setQueryData<InfiniteData<IntentionFeedResponse>>(queryKey, {
        pages,
        pageParams: pages.map(() => null),
      })
      const observer = new QueryObserver(state.queryClient, { queryKey, enabled: false })
      return observer.subscribe(() => {})
    },
  })
}
