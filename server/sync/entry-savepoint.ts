import { sql } from 'drizzle-orm'
import type { Database } from '../db/client'

const NAME = 'sync_entry'

/**
 * The savepoint each entry of a batch runs in (ADR 0019), kept by hand instead of a nested
 * `transaction()` each: that sends `savepoint` and `release savepoint` for every entry, two
 * round trips. Here an entry that returns leaves the savepoint in use, and the next one
 * releases it and sets it again in one round trip (PostgreSQL's simple protocol takes both
 * statements, and so does PGlite's exec: pglite-kept-plans.ts); an entry that throws is rolled
 * back to it, which keeps the savepoint, so the next one needs none (issue 45: one statement
 * less a write). The batch's commit releases the last.
 */
export function entrySavepoints(transaction: Database) {
  let state: 'none' | 'set' | 'used' = 'none'
  const run = (text: string) => transaction.execute(sql.raw(text))
  return {
    /** Runs `work` in a savepoint of its own: if it throws, what it wrote is undone. */
    async run<T>(work: () => Promise<T>): Promise<T> {
      if (state === 'none') await run(`savepoint ${NAME}`)
      else if (state === 'used') await run(`release savepoint ${NAME}; savepoint ${NAME}`)
      state = 'set'
      try {
        const result = await work()
        state = 'used'
        return result
      } catch (error) {
        await run(`rollback to savepoint ${NAME}`)
        throw error
      }
    },
  }
}
