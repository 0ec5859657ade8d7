import { readFile } from 'node:fs/promises'
import { PGlite } from '@electric-sql/pglite'
import { pgliteHandle, type DatabaseHandle } from '../../server/db/client'
import { pgliteExtensions } from '../../server/db/pglite-extensions'
import { backendFault } from '../../server/db/pglite-faults'

// Starting a PGlite from the migrated dump costs ~0.85 s of CPU and a 42 MB copy; the server
// project's files share a worker (isolate: false) and run one after another in it, so a file's
// database, once closed, is emptied and lent to the worker's next file instead
// (docs/testing.md). A file opening two at once gets a second instance.

const idle: PGlite[] = []
let tablesOfTheSchema: string | undefined

/**
 * Every row gone and every sequence back at its start, as loaded from the dump. Triggers are
 * off for the statement: moderation_audit refuses TRUNCATE (it is append-only for the app).
 */
async function empty(client: PGlite) {
  tablesOfTheSchema ??= (
    await client.query<{ list: string }>(
      `select string_agg(format('%I.%I', schemaname, tablename), ', ') as list
       from pg_tables where schemaname = 'public'`,
    )
  ).rows[0]!.list
  await client.exec(`
    set session_replication_role = replica;
    truncate ${tablesOfTheSchema} restart identity cascade;
    set session_replication_role = default;
    select pg_advisory_unlock_all();`)
}

/**
 * The client as the borrowing file sees it: once returned it reads as closed and refuses
 * queries (a test that closes the database under its app expects that), the channels it
 * listened on are dropped, so the next file never wakes the last file's listeners, and what it
 * wrote on the client stays on its view.
 */
function borrowed(client: PGlite) {
  let open = true
  const channels = new Set<string>()
  // What the file writes on the client (a test wrapping `query` to count statements) stays
  // with its view.
  const written = new Map<string | symbol, unknown>()
  const view = new Proxy(client, {
    set(_target, key, value) {
      written.set(key, value)
      return true
    },
    get(target, key) {
      if (written.has(key)) return written.get(key)
      if (key === 'closed') return !open || target.closed
      const value: unknown = Reflect.get(target, key, target)
      if (typeof value !== 'function') return value
      if (key === 'query' || key === 'exec' || key === 'transaction' || key === 'listen') {
        return (...args: unknown[]) => {
          if (!open) return Promise.reject(new Error('database is closed'))
          if (key === 'listen') channels.add(String(args[0]))
          return (value as (...a: unknown[]) => unknown).apply(target, args)
        }
      }
      return (value as (...a: unknown[]) => unknown).bind(target)
    },
  })
  const giveBack = async () => {
    open = false
    for (const channel of channels) await client.unlisten(channel)
  }
  return { view, giveBack }
}

/** A migrated, empty PGlite for one test file: the worker's idle one, or one from the dump. */
export async function lendPglite(dumpFile: string): Promise<DatabaseHandle> {
  const client =
    idle.pop() ?? (await PGlite.create({
      loadDataDir: new Blob([await readFile(dumpFile)]),
      extensions: pgliteExtensions,
    }))
  const { view, giveBack } = borrowed(client)
  let returned = false
  return {
    ...pgliteHandle(view),
    close: async () => {
      if (returned) return
      returned = true
      await giveBack()
      // A faulted backend refuses every statement (pglite-faults.ts): never lent again.
      if (backendFault(client) !== undefined) {
        await client.close()
        return
      }
      await empty(client)
      idle.push(client)
    },
  }
}
