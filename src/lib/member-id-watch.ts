import { type QueryClient, QueryObserver, type QueryObserverOptions } from '@tanstack/react-query'
import { readDeviceOwner } from './device-owner'

type Options<T> = QueryObserverOptions<T, Error, T, T, string[]>
type Sources<S extends { isAuthenticated: boolean }, P extends { userId: string | null } | null> = {
  session: () => Options<S>
  profile: () => Options<P>
}
type Watch = { subscribe: (listener: () => void) => () => void; read: () => string | null }

/**
 * Who the signed-in member is (useMemberId), watched once per query client for the whole page:
 * one observer of the session and one of the profile, shared by every reader. The wall asks for
 * it in each card (its pending mark, its Pray and Amen writes): with an observer pair each, a
 * first screen subscribed ~120 observers, each setting a stale timer inside React's render
 * (issue 47). Subscribed while anyone reads it, so the queries fetch and refetch as a reader's
 * own useQuery would.
 */
const watches = new WeakMap<QueryClient, Watch>()

export function memberIdWatch<
  S extends { isAuthenticated: boolean },
  P extends { userId: string | null } | null,
>(queryClient: QueryClient, sources: Sources<S, P>): Watch {
  let watch = watches.get(queryClient)
  if (!watch) watches.set(queryClient, (watch = createWatch(queryClient, sources)))
  return watch
}

function createWatch<
  S extends { isAuthenticated: boolean },
  P extends { userId: string | null } | null,
>(queryClient: QueryClient, sources: Sources<S, P>): Watch {
  const session = new QueryObserver(queryClient, sources.session())
  // The queries' own state, current whether or not anyone is subscribed.
  const isAuthenticated = () => session.getCurrentQuery().state.data?.isAuthenticated ?? false
  // Built now, so that the profile's cached copy (its initialData) is there at the first read.
  const profile = new QueryObserver(queryClient, {
    ...sources.profile(),
    enabled: isAuthenticated(),
  })
  const listeners = new Set<() => void>()
  let stop: (() => void) | null = null

  // As a reader's useQuery does at each render: the options again, and with them the cache's
  // current query (a sign-out removes the profile's; the next sign-in builds a new one).
  function changed() {
    session.setOptions(sources.session())
    profile.setOptions({ ...sources.profile(), enabled: isAuthenticated() })
    for (const listener of listeners) listener()
  }

  return {
    subscribe(listener) {
      listeners.add(listener)
      if (!stop) {
        const stops = [
          session.subscribe(changed),
          profile.subscribe(changed),
          // A removed or rebuilt query: taken up once the change that did it is done (a
          // sign-out removes the profile, then ends the session; no fetch in between).
          queryClient.getQueryCache().subscribe(({ type, query }) => {
            const watched = [session, profile].some(
              (observer) => observer.getCurrentQuery().queryHash === query.queryHash,
            )
            if (watched && (type === 'added' || type === 'removed')) queueMicrotask(changed)
          }),
        ]
        stop = () => stops.forEach((unsubscribe) => unsubscribe())
        changed()
      }
      return () => {
        listeners.delete(listener)
        if (listeners.size === 0) {
          stop?.()
          stop = null
        }
      }
    },
    read() {
      if (!isAuthenticated()) return null
      const { data, status, fetchStatus } = profile.getCurrentQuery().state
      if (data?.userId) return data.userId
      // As a reader's own query would have it: loading until the profile's first answer or
      // failure, unless offline has paused it (then the device's owner stands in, ADR 0007).
      const loading = data === undefined && status === 'pending' && fetchStatus !== 'paused'
      return loading ? null : (readDeviceOwner()?.userId ?? null)
    },
  }
}
