import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { App } from '../../server/app'
import { createDatabase, type DatabaseHandle } from '../../server/db/client'
import { hasWaitingWork } from '../../server/events/event-health'
import { createTestDatabase, postgresUrlOf } from '../helpers/test-db'
import { startFaultProxy, type FaultProxy } from './fault-proxy'
import { loggedApp, postRequest, type LogLine } from './logged-app'

// Issue 44: PostgreSQL stopped under the app (here: every connection cut and new ones refused
// by a proxy in front of it, as a restart looks from the app). Writes answer 503 with
// Retry-After and a problem detail, within 10 s; /readyz is not ready; the outage is logged
// once; within 5 s of its return the pool, the dispatcher and the LISTEN connections work again.
// PostgreSQL only (the CI stage that sets TEST_DATABASE_URL).
const adminUrl = process.env.TEST_DATABASE_URL ?? ''

let direct: DatabaseHandle
let proxied: DatabaseHandle
let proxy: FaultProxy
let app: App
let cookie: string
let lines: LogLine[] = []

beforeAll(async () => {
  if (!adminUrl) return
  direct = await createTestDatabase()
  const url = new URL(await postgresUrlOf(direct))
  proxy = await startFaultProxy({ host: url.hostname, port: Number(url.port || 5432) })
  proxied = await createDatabase({ databaseUrl: proxy.via(url.toString()), dataDir: '' })
  ;({ app, lines, cookie } = await loggedApp(proxied, { seed: direct.db, device: 'outage test' }))
}, 60_000)

afterAll(async () => {
  await app?.close()
  await proxied?.close()
  await proxy?.close()
  await direct?.close()
}, 60_000)

const pray = () => postRequest(app, cookie)

async function within<T>(ms: number, run: () => Promise<T>, done: (value: T) => boolean) {
  const started = Date.now()
  for (;;) {
    const value = await run().catch(() => undefined)
    if (value !== undefined && done(value)) return Date.now() - started
    if (Date.now() - started > ms) throw new Error(`not within ${ms} ms`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

describe.runIf(!!adminUrl)('a PostgreSQL outage under the app', () => {
  it('answers 503 meanwhile, logs it once, and recovers within 5 s of its return', async () => {
    expect((await pray()).statusCode).toBe(201)
    // Its side effects delivered before the cut: a delivery in flight when the database goes
    // away keeps its lease (8 s) and is taken again when that runs out, later than the 5 s
    // asked of new work below (docs/operations.md, "What survives what").
    await within(
      10_000,
      () => hasWaitingWork(direct.db),
      (waiting) => !waiting,
    )
    const lost: string[] = []
    const restored: string[] = []
    const heard: string[] = []
    const stopListening = await proxied.listen('outage_test', (payload) => heard.push(payload), {
      onLost: () => lost.push('lost'),
      onRestored: () => restored.push('restored'),
    })

    await proxy.down()
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const started = Date.now()
      const refused = await pray()
      expect(Date.now() - started).toBeLessThan(10_000)
      expect(refused.statusCode, refused.body).toBe(503)
      expect(refused.headers['retry-after']).toBe('5')
      expect(refused.headers['content-type']).toMatch(/^application\/problem\+json/)
      expect(refused.json()).toMatchObject({ title: 'unavailable', status: 503 })
    }
    // A load balancer probes readiness every few seconds: each probe says so, none logs.
    for (let probe = 0; probe < 3; probe += 1)
      expect((await app.inject({ url: '/readyz' })).statusCode).toBe(503)
    // The dispatcher's once-a-second loop fails too while it lasts.
    await new Promise((resolve) => setTimeout(resolve, 2_500))
    expect(lost).toEqual(['lost'])

    await proxy.up()
    await within(5_000, pray, (response) => response.statusCode === 201)
    await within(
      5_000,
      () => app.inject({ url: '/readyz' }),
      (response) => response.statusCode === 200,
    )
    await within(
      5_000,
      async () => restored.length,
      (count) => count === 1,
    )
    // The listener hears a NOTIFY sent after the return, and the dispatcher has caught up.
    await direct.db.execute(sql`select pg_notify('outage_test', 'after')`)
    await within(
      2_000,
      async () => heard,
      (payloads) => payloads.includes('after'),
    )
    await within(
      5_000,
      () => hasWaitingWork(direct.db),
      (waiting) => !waiting,
    )
    await stopListening()

    const said = (pattern: RegExp) => lines.filter((line) => pattern.test(line.msg))
    // Once, however many requests and dispatcher rounds failed; no request logged as a 500.
    expect(said(/^database unavailable/)).toHaveLength(1)
    expect(said(/^database unavailable/)[0]?.level).toBe(50)
    await within(
      3_000,
      async () => said(/^database answers again/).length,
      (count) => count === 1,
    )
    expect(said(/^request failed$/).map((line) => JSON.stringify(line).slice(0, 400))).toEqual([])
    expect(said(/^event fan-out failed$/)).toEqual([])
    expect(said(/^readiness check failed$/)).toEqual([])
  }, 60_000)
})
