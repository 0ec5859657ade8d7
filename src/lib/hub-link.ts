import { type QueryClient, useQueryClient } from '@tanstack/react-query'
import { useSyncExternalStore } from 'react'

// What a screen may do with the session's hub connection besides reading the cache: call a
// method, and learn of each (re)connection (a room is joined again on a new connection, which
// the server knows nothing about). hub-client.ts keeps it up to date; this file imports no
// @microsoft/signalr, so a screen that uses it does not pull the client into its chunk.

export type HubInvoke = (method: string, ...args: unknown[]) => Promise<unknown>

export type HubLink = {
  /** Counts connections made: changes on every connect, reconnect and disconnect. */
  connection: number
  /** Calls a hub method on the current connection; null while none is connected. */
  invoke: HubInvoke | null
}

type Store = { link: HubLink; listeners: Set<() => void> }

const stores = new WeakMap<QueryClient, Store>()

function storeOf(queryClient: QueryClient): Store {
  let store = stores.get(queryClient)
  if (!store) {
    store = { link: { connection: 0, invoke: null }, listeners: new Set() }
    stores.set(queryClient, store)
  }
  return store
}

/** hub-client.ts: a connection came up (`invoke` set) or went down (null). */
export function setHubLink(queryClient: QueryClient, invoke: HubInvoke | null): void {
  const store = storeOf(queryClient)
  store.link = { connection: store.link.connection + 1, invoke }
  for (const listener of store.listeners) listener()
}

export function currentHubLink(queryClient: QueryClient): HubLink {
  return storeOf(queryClient).link
}

export function useHubLink(): HubLink {
  const queryClient = useQueryClient()
  const store = storeOf(queryClient)
  return useSyncExternalStore(
    (listener) => {
      store.listeners.add(listener)
      return () => store.listeners.delete(listener)
    },
    () => store.link,
  )
}
