import {
  HUB_KEEP_ALIVE_MS,
  HUB_MAX_WATCH,
  HUB_PATH,
  HUB_RECONNECT_DELAYS_MS,
  HUB_SERVER_TIMEOUT_MS,
  HubEvent,
  HubMethod,
  PresenceUpdateEventSchema,
} from '@contract/hub'
import {
  type HubConnection,
  HubConnectionBuilder,
  HubConnectionState,
  type ILogger,
  LogLevel,
} from '@microsoft/signalr'
import type { QueryClient, QueryKey } from '@tanstack/react-query'
import { apiUrl } from './api-url'
import { setHubLink } from './hub-link'
import { browserNetwork, NETWORK_SETTLE_MS, type Network } from './network'
import { profileQueryOptions, sessionQueryOptions, signedOutHereJustNow } from './session'

// The page's one real-time connection (spec 000 §4 "Real-time connection", §7 "Real-time hub";
// DESIGN §7). It follows the session in the query cache: it starts when the member is signed in
// and stops when the session ends (sign-out, forced logout), and hub events update the query
// cache here and nowhere else (STYLE.md). Loaded on demand, never in the landing chunk.
// What each event does to the features' caches is handed in (HubWiring, built in src/app/):
// src/lib imports no feature.

/** What the features want from the hub: src/app/hub-wiring.ts connects them. */
export interface HubWiring {
  /** Server events (contract HubEvent names) and what each does; a handler parses its payload. */
  events: Record<string, (payload: unknown, context: HubEventContext) => void>
  /** After every (re)connection: read again what events sent meanwhile would have changed. */
  catchUp(queryClient: QueryClient): void
  /** Once a session's connection is up. */
  connected(context: HubEventContext): void
  /** The feeds whose intentions are watched (CounterUpdate, PresenceUpdate): their key's root. */
  watchedFeedKey: QueryKey
}

/** What connectHub talks to; tests hand in fakes. */
export interface HubEnvironment {
  newBuilder?: () => HubConnectionBuilder
  network?: Network
}

export interface HubEventContext {
  queryClient: QueryClient
  userId: string | null
  warn: (what: string) => (error: unknown) => void
}

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
function visibleIntentionIds(queryClient: QueryClient, feedKey: QueryKey): Set<string> {
  const ids = new Set<string>()
  for (const query of queryClient.getQueryCache().findAll({ queryKey: feedKey })) {
    if (query.getObserversCount() === 0) continue
    const data = query.state.data as { pages?: FeedPage[] } | undefined
    for (const page of data?.pages ?? []) for (const item of page.items) ids.add(item.intention_id)
  }
  return ids
}

// The close message the hub sends a connection whose session ended (server/realtime/hub.ts).
const SESSION_ENDED = /session has ended/i

const linkTo =
  (hub: HubConnection) =>
  (method: string, ...args: unknown[]): Promise<unknown> =>
    hub.invoke(method, ...args)

function chunks<T>(values: T[], size: number): T[][] {
  const out: T[][] = []
  for (let i = 0; i < values.length; i += size) out.push(values.slice(i, i + size))
  return out
}

function createHubClient(
  queryClient: QueryClient,
  wiring: HubWiring,
  newBuilder: () => HubConnectionBuilder,
  network: Network,
) {
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
    const visible = visibleIntentionIds(queryClient, wiring.watchedFeedKey)
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
    wiring.catchUp(queryClient)
  }

  function listen(hub: HubConnection) {
    for (const [event, handle] of Object.entries(wiring.events))
      hub.on(event, (payload: unknown) =>
        handle(payload, { queryClient, userId: currentUserId(), warn }),
      )
    hub.on(HubEvent.PresenceUpdate, (payload: unknown) => {
      const parsed = PresenceUpdateEventSchema.safeParse(payload)
      if (parsed.success)
        queryClient.setQueryData(
          intentionPresenceKey(parsed.data.intentionId),
          parsed.data.prayingNow,
        )
    })
    hub.onreconnecting(() => {
      if (connection === hub) setHubLink(queryClient, null)
    })
    hub.onreconnected(() => {
      // A new connection: the server forgot what we watched (and which rooms we were in).
      watched = new Set()
      catchUp()
      if (connection === hub) setHubLink(queryClient, linkTo(hub))
    })
    hub.onclose((error) => {
      // The server ended it because the session ended (signed out from another device, a
      // password changed there; issue 39): reading the profile again meets the 401, and the
      // session guard takes the member to sign-in at once rather than at their next click.
      if (error && SESSION_ENDED.test(error.message) && !signedOutHereJustNow())
        void queryClient.invalidateQueries({ queryKey: profileQueryOptions().queryKey })
      // Stopped, or the reconnect delays ran out (spec 000 §9: then give up).
      if (connection !== hub) return
      connection = null
      setHubLink(queryClient, null)
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
        wiring.connected({ queryClient, userId: currentUserId(), warn })
        if (connection === hub) setHubLink(queryClient, linkTo(hub))
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
    if (hub) setHubLink(queryClient, null)
    void hub?.stop().catch(warn('stop failed'))
  }

  // One connection per signed-in session while the browser has a network: a start that failed,
  // or reconnects that ran out, wait for the next sign-in or the network's return rather than
  // retrying on every session read. Offline, the connection is stopped instead of left to spend
  // its reconnect delays on requests that cannot leave the device (each one a console error);
  // back online, a new one reads again what it missed (catchUp). It starts a moment after the
  // network returns: `online` can come before requests go out (a network that returns in steps,
  // Chromium's emulated offline), and a start that fails waits for the next return.
  let up = false
  let wasOnline = network.online()
  let settling: ReturnType<typeof setTimeout> | undefined
  function follow() {
    const online = network.online()
    const backOnline = online && !wasOnline
    wasOnline = online
    const signedIn =
      queryClient.getQueryData(sessionQueryOptions().queryKey)?.isAuthenticated === true
    const wanted = signedIn && online
    if (wanted === up) return
    up = wanted
    clearTimeout(settling)
    if (!wanted) stop()
    else if (backOnline) settling = setTimeout(start, NETWORK_SETTLE_MS)
    else start()
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
    if (root === sessionKey) follow()
    else if (root === wiring.watchedFeedKey[0] && kind === wiring.watchedFeedKey[1]) queueSync()
  })
  const unfollowNetwork = network.onChange(follow)
  follow()

  return {
    close() {
      unsubscribe()
      unfollowNetwork()
      clearTimeout(settling)
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
 * returns the release function. The environment is for tests (a fake HubConnectionBuilder and
 * network).
 */
export function connectHub(
  queryClient: QueryClient,
  wiring: HubWiring,
  { newBuilder = () => new HubConnectionBuilder(), network = browserNetwork }: HubEnvironment = {},
): () => void {
  let entry = clients.get(queryClient)
  if (!entry) {
    const client = createHubClient(queryClient, wiring, newBuilder, network)
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
