import { PGlite } from '@electric-sql/pglite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  backendFault,
  failOnBackendFaults,
  onBackendFault,
  PgliteBackendFault,
} from './pglite-faults'

// pglite-faults.ts: PGlite 0.5.16 drops an exception out of its wasm backend (here V8's stack
// running out under a deep recursion) and answered the statement, and the ones after it, with
// no rows or "ERRORDATA_STACK_SIZE exceeded". Guarded, they reject.
describe('a PGlite whose backend faulted', () => {
  let client: PGlite
  const told: unknown[] = []
  // A fresh instance runs initdb: 2-4 s quiet, past the 30 s hook limit at load 8 (CI).
  beforeAll(async () => {
    client = await PGlite.create()
    // This PGlite has the entry points the guard wraps (an upgrade may rename them).
    expect(failOnBackendFaults(client)).toBe(true)
    onBackendFault(client, (fault) => told.push(fault))
    await client.exec(`create function deep(n int) returns int language plpgsql as $$
      begin if n = 0 then return 0; end if; return deep(n - 1) + 1; end $$`)
  }, 120_000)
  afterAll(() => client.close())

  it('rejects the statement that faulted and every one after it, never answering no rows', async () => {
    expect((await client.query<{ x: number }>('select deep(10) as x')).rows).toEqual([{ x: 10 }])
    // Far deeper than V8's default stack lets the wasm recurse (a few hundred levels), and than
    // PostgreSQL's own max_stack_depth, which measures the wasm's stack and stops nothing here.
    const answers = async (statement: string) =>
      client.query(statement).then(
        (result) => result.rows,
        (error: unknown) => error,
      )
    const deep = await answers('select deep(20000) as x')
    expect(deep).toBeInstanceOf(Error)
    if (backendFault(client) === undefined) {
      // PostgreSQL stopped it itself ("stack depth limit exceeded"): nothing left broken.
      expect(await answers('select 1 as x')).toEqual([{ x: 1 }])
      return
    }
    expect(deep).toBeInstanceOf(PgliteBackendFault)
    for (const statement of ['select 1 as x', "select to_tsquery('english', 'the') as q"]) {
      expect(await answers(statement)).toBeInstanceOf(PgliteBackendFault)
    }
    // The process is told once (server/main.ts then exits, to be restarted).
    expect(told).toHaveLength(1)
    expect(told[0]).toBeInstanceOf(PgliteBackendFault)
  })
})
