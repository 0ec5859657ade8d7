import type { Database } from './client'

/**
 * drizzle's session behind `db`: the connection's (the process's pool or PGlite), or a
 * transaction's, which its savepoints share. Statements prepared on a database belong to its
 * session, and work inside one transaction is told apart by it. Not in drizzle's public types.
 */
export function sessionOf(db: Database): object {
  return (db as unknown as { session: object }).session
}
