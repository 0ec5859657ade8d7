import { AsyncLocalStorage } from 'node:async_hooks'
import type { Database } from './client'
import { deferredWork } from './deferred-work'

// POST /api/v1/sync (issue 19, ADR 0019) applies a batch in one transaction while every entry
// still runs its single call's own route and services, which take `app.deps.db`. That database
// is this proxy: within `withTransaction` it stands for the given transaction, everywhere else
// for the database itself. So the routes stay unaware of batches, and a service's own
// `db.transaction` becomes a savepoint inside the batch's.

type Scope = { transaction: Database | null }
const scopes = new AsyncLocalStorage<Scope>()

/** `db`, or the transaction of the `withTransaction` call this code runs under. */
export function scopedDatabase(db: Database): Database {
  return new Proxy(db, {
    get(target, property) {
      const current = scopes.getStore()?.transaction ?? target
      const value: unknown = Reflect.get(current, property, current)
      return typeof value === 'function' ? value.bind(current) : value
    },
  })
}

/**
 * Runs `work` with every scoped database standing for `transaction`. The scope ends when
 * `work` does, before the caller commits: what the commit sets off in this async context (the
 * events' dispatcher, woken by its NOTIFY) and anything `work` left running use the database.
 */
export async function withTransaction<T>(
  transaction: Database,
  work: () => Promise<T>,
): Promise<T> {
  const scope: Scope = { transaction }
  try {
    return await scopes.run(scope, work)
  } finally {
    scope.transaction = null
  }
}

/** True within a `withTransaction`: `db` stands for a transaction there. */
export function inTransaction(): boolean {
  return Boolean(scopes.getStore()?.transaction)
}

// A statement every write of a batch would run the same way (the events' wake-up NOTIFY) runs
// once, at the batch's end, inside its transaction: one round trip instead of one per entry.
type Statement = (transaction: Database) => Promise<unknown>
const batchStatements = deferredWork<Statement>()

/**
 * Runs `work` (a batch's entries, all in `transaction`) deferring `oncePerBatch` statements to
 * its end. Work it left running past that end runs them at once again.
 */
export async function asOneBatch<T>(transaction: Database, work: () => Promise<T>): Promise<T> {
  const deferred = new Map<string, Statement>()
  const result = await batchStatements.within(deferred, work)
  for (const statement of deferred.values()) await statement(transaction)
  return result
}

/** Runs `statement` on `tx` now or, within `asOneBatch`, once at the batch's end per `key`. */
export async function oncePerBatch(tx: Database, key: string, statement: Statement) {
  if (!batchStatements.defer(key, statement)) await statement(tx)
}

/**
 * Runs `work` outside any `withTransaction` or batch. PGlite hands a NOTIFY to its listeners
 * from within whichever query read it, which may be one of a batch's: what the listener starts
 * must not run in that batch's transaction.
 */
export function outsideTransaction<T>(work: () => T): T {
  return scopes.exit(() => batchStatements.exit(work))
}
