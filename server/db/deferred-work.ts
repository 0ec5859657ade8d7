import { AsyncLocalStorage } from 'node:async_hooks'

/**
 * Work handed in under a key while a scope runs, kept for the scope's owner to run once it ends:
 * one item per key, the latest, in the order of its last handing-in. Outside a scope, and from
 * work the scope left running past its end, `defer` answers false: the caller runs it at once.
 * A sync batch's NOTIFY (scoped-database.ts) and an event lane's counts (events/) use it.
 */
export function deferredWork<W>() {
  const scopes = new AsyncLocalStorage<{ pending: Map<string, W> | null }>()
  return {
    /** Runs `work` as a scope whose deferred items go into `pending`. */
    async within<T>(pending: Map<string, W>, work: () => Promise<T>): Promise<T> {
      const scope: { pending: Map<string, W> | null } = { pending }
      try {
        return await scopes.run(scope, work)
      } finally {
        scope.pending = null
      }
    },
    /** Keeps `item` under `key` for the scope this code runs in; false outside one. */
    defer(key: string, item: W): boolean {
      const pending = scopes.getStore()?.pending
      if (!pending) return false
      pending.delete(key)
      pending.set(key, item)
      return true
    },
    /** Runs `work` outside any scope. */
    exit<T>(work: () => T): T {
      return scopes.exit(work)
    },
  }
}
