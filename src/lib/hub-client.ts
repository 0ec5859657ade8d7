import {
  CounterUpdateEventSchema,
  HUB_KEEP_ALIVE_MS,
  HUB_MAX_WATCH,
  HUB_PATH,
  HUB_RECONNECT_DELAYS_MS,
  HUB_SERVER_TIMEOUT_MS,
  HubEvent,
  HubMethod,
  PresenceUpdateEventSchema,
  UnreadCountUpdateEventSchema,
} from '@contract/hub'
import {
  type HubConnection,
  HubConnectionBuilder,
  HubConnectionState,
  type ILogger,
  LogLevel,
} from '@microsoft/signalr'
import type { QueryClient } from '@tanstack/react-query'
import {
  ClientNotificationSchema,
  notificationListKey,
} from '@/features/notifications/api/get-notifications'
import { unreadCountQueryOptions } from '@/features/notifications/api/get-unread-count'
import {
  receiveNotification,
  setUnreadCount,
} from '@/features/notifications/api/notification-cache'
import { intentionFeedRootKey } from '@/features/prayer-wall/api/get-intention-feed'
import { patchIntention } from '@/features/prayer-wall/api/intention-cache'
import { renewPushSubscription } from '@/features/push/api/push-subscription'
import { showSystemNotification } from '@/features/push/system-notifications'
import { testimonyFeedKey } from '@/features/testimonies/api/get-testimony-feed'
import { apiUrl } from './api-url'
import { profileQueryOptions, sessionQueryOptions } from './session'

// The page's one real-time connection (spec 000 §4 "Real-time connection", §7 "Real-time hub";
// DESIGN §7). It follows the session in the query cache: it starts when the member is signed in
// and stops when the session ends (sign-out, forced logout), and hub events update the query
// cache here and nowhere else (STYLE.md). Loaded on demand, never in the landing chunk.

// Spec 000 §8: connection errors are only logged. Warnings, not errors: a dropped socket is
// expected life on a phone, not a fault of the page.
const hubLogger: ILogger = {
  log(level, message) {
    if (level >= LogLevel.Warning) console.warn(`[hub] ${message}`)
  },
}

/** Spec 000 §9 settings: server timeout 30 s, keep-alive 15 s, reconnect 0/2/10/30 s then give up. */
function buildConnection(newBuilder: () => HubConnectionBuilder): HubConnection {
  return newBuilder()
    .withUrl(apiUrl(HUB_PATH, 'notifications'), { withCredentials: true })
    .withServerTimeout(HUB_SERVER_TIMEOUT_MS)
    .withKeepAliveInterval(HUB_KEEP_ALIVE_MS)
    .withAutomaticReconnect([...HUB_RECONNECT_DELAYS_MS])
    .configureLogging(hubLogger)
    .build()
}

type FeedPage = { items: { intention_id: string }[] }

/** The intention ids of every feed a screen is showing right now (queries with observers). */
function visibleIntentionIds(queryClient: QueryClient): Set<string> {
  const ids = new Set<string>()
  for (const query of queryClient.getQueryCache().findAll({ queryKey: intentionFeedRootKey })) {
    if (query.getObserversCount() === 0) continue
    const data = query.state.data as { pages?: FeedPage[] } | undefined
    for (const page of data?.pages ?? []) for (const item of page.items) ids.add(item.intention_id)
  }
  return ids
}

function chunks<T>(values: T[], size: number): T[][] {
  const out: T[][] = []
  for (let i = 0; i < values.length; i += size) out.push(values.slice(i, i + size))
  return out
}

function createHubClient(queryClient: QueryClient, newBuilder: () => HubConnectionBuilder) {
  let connection: HubConnection | null = null
  // Ids the server was asked to watch on the current connection (a new connection starts empty).
  let watched = new Set<string>()

  const currentUserId = () =>
    queryClient.getQueryData(profileQueryOptions().queryKey)?.userId ?? null

  const warn = (what: string) => (error: unknown) =>
    hubLogger.log(LogLevel.Warning, `${what}: ${String(error)}`)

  function syncWatched() {
    const current = connection
    if (!current || current.state !== HubConnectionState.Connected) return
    const visible = visibleIntentionIds(queryClient)
    const added = [...visible].filter((id) => !watched.has(id))
    const removed = [...watched].filter((id) => !visible.has(id))
    watched = visible
    for (const ids of chunks(added, HUB_MAX_WATCH)) {
      current.invoke(HubMethod.WatchIntentions, ids).catch((error: unknown) => {
        // Asked again at the next change of the feeds.
        for (const id of ids) watched.delete(id)
        warn('WatchIntentions failed')(error)
      })
    }
    for (const ids of chunks(removed, HUB_MAX_WATCH)) {
      current.invoke(HubMethod.UnwatchIntentions, ids).catch(warn('UnwatchIntentions failed'))
    }
  }

  // Events sent while no connection was up (before the first, between reconnects) are lost:
  // read the count and the list again once connected so nothing is missed.
  function catchUp() {
    syncWatched()
    void queryClient.invalidateQueries({ queryKey: unreadCountQueryOptions().queryKey })
    void queryClient.invalidateQueries({ queryKey: notificationListKey })
  }

  function listen(hub: HubConnection) {
    hub.on(HubEvent.NewNotification, (payload: unknown) => {
      const parsed = ClientNotificationSchema.safeParse(payload)
      if (parsed.success) {
        receiveNotification(queryClient, parsed.data)
        showSystemNotification(parsed.data, currentUserId(), queryClient).catch(
          warn('showNotification failed'),
        )
        if (parsed.data.type === 'ContentRemoved') forgetRemovedContent(queryClient)
      } else void queryClient.invalidateQueries({ queryKey: notificationListKey })
    })
    hub.on(HubEvent.UnreadCountUpdate, (payload: unknown) => {
      const parsed = UnreadCountUpdateEventSchema.safeParse(payload)
      if (parsed.success) setUnreadCount(queryClient, parsed.data.unreadCount)
    })
    hub.on(HubEvent.CounterUpdate, (payload: unknown) => {
      const parsed = CounterUpdateEventSchema.safeParse(payload)
      if (!parsed.success) return
      const { intentionId, ...counts } = parsed.data
      const changed = Object.fromEntries(
        Object.entries(counts).filter(([, value]) => value !== undefined),
      )
      patchIntention(queryClient, intentionId, () => changed)
    })
    hub.on(HubEvent.PresenceUpdate, (payload: unknown) => {
      const parsed = PresenceUpdateEventSchema.safeParse(payload)
      if (parsed.success)
        queryClient.setQueryData(
          intentionPresenceKey(parsed.data.intentionId),
          parsed.data.prayingNow,
        )
    })
    hub.onreconnected(() => {
      // A new connection: the server forgot what we watched.
      watched = new Set()
      catchUp()
    })
    hub.onclose(() => {
      // Stopped, or the reconnect delays ran out (spec 000 §9: then give up).
      if (connection === hub) connection = null
    })
  }

  function start() {
    let hub: HubConnection
    try {
      hub = buildConnection(newBuilder)
    } catch (error) {
      warn('could not connect')(error)
      return
    }
    connection = hub
    watched = new Set()
    listen(hub)
    hub.start().then(
      () => {
        catchUp()
        renewPushSubscription(currentUserId()).catch(warn('push subscription renewal failed'))
      },
      (error: unknown) => {
        if (connection === hub) connection = null
        warn('could not connect')(error)
      },
    )
  }

  function stop() {
    const hub = connection
    connection = null
    watched = new Set()
    void hub?.stop().catch(warn('stop failed'))
  }

  // One connection per signed-in session: a start that failed, or reconnects that ran out, wait
  // for the next sign-in rather than retrying on every session read.
  let signedIn = false
  function followSession() {
    const now = queryClient.getQueryData(sessionQueryOptions().queryKey)?.isAuthenticated === true
    if (now === signedIn) return
    signedIn = now
    if (now) start()
    else stop()
  }

  // A feed fires many cache events per fetch (and sign-out removes them all at once): look once
  // they have settled.
  let syncQueued = false
  function queueSync() {
    if (syncQueued) return
    syncQueued = true
    queueMicrotask(() => {
      syncQueued = false
      syncWatched()
    })
  }

  const sessionKey = sessionQueryOptions().queryKey[0]
  const unsubscribe = queryClient.getQueryCache().subscribe((event) => {
    const [root, kind] = event.query.queryKey
    if (root === sessionKey) followSession()
    else if (root === intentionFeedRootKey[0] && kind === intentionFeedRootKey[1]) queueSync()
  })
  followSession()

  return {
    close() {
      unsubscribe()
      stop()
    },
  }
}

/** Where PresenceUpdate leaves how many people are praying for an intention right now. */
export function intentionPresenceKey(intentionId: string) {
  return ['intentions', 'presence', intentionId] as const
}

const clients = new WeakMap<QueryClient, { users: number; close: () => void }>()

/**
 * Keeps the hub connection of this query client's session while at least one caller holds it;
 * returns the release function. `newBuilder` is for tests (a fake HubConnectionBuilder).
 */
// Issue 8: a moderator removed one of this member's posts. Their wall, threads and stories (also
// the persisted copies) still hold it: read them again. Comment drafts are left alone.
function forgetRemovedContent(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: intentionFeedRootKey })
  void queryClient.invalidateQueries({ queryKey: testimonyFeedKey })
  void queryClient.invalidateQueries({
    predicate: ({ queryKey }) => queryKey[0] === 'comments' && queryKey[2] === 'thread',
  })
}

export function connectHub(
  queryClient: QueryClient,
  newBuilder: () => HubConnectionBuilder = () => new HubConnectionBuilder(),
): () => void {
  let entry = clients.get(queryClient)
  if (!entry) {
    const client = createHubClient(queryClient, newBuilder)
    entry = { users: 0, close: client.close }
    clients.set(queryClient, entry)
  }
  entry.users += 1
  const held = entry
  let released = false
  return () => {
    if (released) return
    released = true
    held.users -= 1
    if (held.users === 0) {
      clients.delete(queryClient)
      held.close()
    }
  }
}
