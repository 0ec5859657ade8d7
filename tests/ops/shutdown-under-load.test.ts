import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { inArray } from 'drizzle-orm'
import { afterAll, describe, expect, it } from 'vitest'
import { createDatabase, type DatabaseHandle } from '../../server/db/client'
import { intentionsTable } from '../../server/intentions/intentions.table'
import { createEmptyDatabase, killServers, startServer } from '../helpers/server-process'
import { createUser, sessionCookie } from '../helpers/users'
import { intentionInput } from '../helpers/wall'

// Issue 23: SIGTERM during 200 concurrent writes ends the process within 10 s, and no write
// that was answered 2xx is lost. PostgreSQL only: the CI stage that sets TEST_DATABASE_URL runs
// it (scripts/test.mjs); the PGlite-only stage lists it as skipped.
const adminUrl = process.env.TEST_DATABASE_URL ?? ''
const WRITES = 200
const cleanups: (() => unknown)[] = []

afterAll(async () => {
  killServers()
  for (const cleanup of cleanups.reverse()) await cleanup()
})

type Outcome =
  { status: number; id?: string; retryAfter: string | null; detail?: string } | { error: string }

describe.runIf(!!adminUrl)('SIGTERM under load (PostgreSQL)', () => {
  it('exits within 10 s and keeps every write it answered 2xx', async () => {
    const target = await createEmptyDatabase(adminUrl, 'shutdown')
    cleanups.push(target.drop)
    const dataDir = mkdtempSync(join(tmpdir(), 'shutdown-'))
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }))
    const env = { DATABASE_URL: target.url, DATA_DIR: dataDir, APP_ENV: 'test' }

    const first = await startServer(env)
    await first.ready()
    let database: DatabaseHandle = await createDatabase({ databaseUrl: target.url, dataDir: '' })
    cleanups.push(() => database.close())
    // A member of their own for each writer: one member posting 200 requests would meet the
    // hourly limit on prayer requests (issue 37) long before the drill's signal.
    const cookies: string[] = []
    for (let w = 0; w < WRITES; w += 1) {
      const user = await createUser(database.db)
      cookies.push((await sessionCookie(database.db, user.id)).cookie)
    }

    // 200 writers, each posting again as soon as it is answered, until the server is gone.
    let answered = 0
    const outcomes: Outcome[] = []
    const write = async (cookie: string, key: string): Promise<Outcome> => {
      try {
        const response = await fetch(`${first.url}/api/v1/intentions`, {
          method: 'POST',
          headers: { cookie, 'content-type': 'application/json', 'idempotency-key': key },
          body: JSON.stringify(
            intentionInput({ title: `Prayer request ${key} for the shutdown drill` }),
          ),
        })
        const body = (await response.json()) as { intention_id?: string; detail?: string }
        answered += 1
        return {
          status: response.status,
          id: body.intention_id,
          retryAfter: response.headers.get('retry-after'),
          // What a refusal said, so a failure below names its cause.
          ...(response.ok ? {} : { detail: body.detail }),
        }
      } catch (error) {
        // Refused or cut once the server stops: the client's outbox retries it.
        return { error: String(error) }
      }
    }
    const writer = async (w: number) => {
      for (let i = 0; ; i += 1) {
        const outcome = await write(cookies[w]!, `w${w}-${i}`)
        outcomes.push(outcome)
        if ('error' in outcome) return
      }
    }
    const writers = Array.from({ length: WRITES }, (_, w) => writer(w))

    // Some answered, the rest running or queued: the signal lands in the middle of the load.
    await expect
      .poll(() => answered, { timeout: 60_000, interval: 5 })
      .toBeGreaterThanOrEqual(WRITES)
    const signalledAt = Date.now()
    first.child.kill('SIGTERM')
    const code = await first.exited
    const seconds = (Date.now() - signalledAt) / 1000
    await Promise.all(writers)

    expect(seconds, first.output()).toBeLessThan(10)
    expect(code, first.output()).toBe(0)
    const created = outcomes.flatMap((o) =>
      'status' in o && o.status === 201 && o.id ? [o.id] : [],
    )
    expect(created.length).toBeGreaterThanOrEqual(WRITES)
    // A write that reached the server after the signal on a kept-alive connection is turned
    // away with a Retry-After (plugins/draining.test.ts), so the outbox tries again; no other
    // answer than 201 or 503 (new connections are refused: the proxy picks another process).
    const refused = outcomes.filter((o) => 'status' in o && o.status !== 201)
    for (const outcome of refused)
      expect(outcome, first.output()).toMatchObject({
        status: 503,
        retryAfter: expect.stringMatching(/^\d+$/),
      })

    const second = await startServer(env)
    await second.ready()
    expect((await fetch(`${second.url}/readyz`)).status).toBe(200)
    await database.close()
    database = await createDatabase({ databaseUrl: target.url, dataDir: '' })
    const stored = await database.db
      .select({ id: intentionsTable.id })
      .from(intentionsTable)
      .where(inArray(intentionsTable.id, created))
    expect(stored.map((row) => row.id).sort()).toEqual([...created].sort())
    second.child.kill('SIGTERM')
    expect(await second.exited).toBe(0)
  }, 180_000)
})
