import { createServer } from 'node:net'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { App } from '../../server/app'
import { createDatabase, type DatabaseHandle } from '../../server/db/client'
import { outageKind } from '../../server/db/outage'
import { testConfig } from '../helpers/test-config'
import { createTestDatabase, postgresUrlOf } from '../helpers/test-db'
import { loggedApp, postRequest, type LogLine } from './logged-app'

// Every pooled connection busy for the whole connect timeout is no outage: the member gets a
// 503 saying the server is busy, with Retry-After; the outage monitor hears nothing, readiness
// stays ready, the log says so once (a warning) and /metrics counts it. A pool of one connection
// held by a pg_sleep, with a 300 ms connect timeout.
const adminUrl = process.env.TEST_DATABASE_URL ?? ''
const TOKEN = 'scrape-token-0123456789abcdef'
const BUSY_DETAIL =
  'The server is very busy just now; nothing was changed. Please try again in a moment.'

let direct: DatabaseHandle
let small: DatabaseHandle
let app: App
let cookie: string
let lines: LogLine[] = []

beforeAll(async () => {
  if (!adminUrl) return
  direct = await createTestDatabase()
  small = await createDatabase(
    { databaseUrl: await postgresUrlOf(direct), dataDir: '' },
    { pool: { max: 1, connectionTimeoutMillis: 300 } },
  )
  ;({ app, lines, cookie } = await loggedApp(small, {
    seed: direct.db,
    device: 'busy pool test',
    config: testConfig({ METRICS_TOKEN: TOKEN }),
  }))
}, 60_000)

afterAll(async () => {
  await app?.close()
  await small?.close()
  await direct?.close()
}, 60_000)

const pray = () => postRequest(app, cookie)
const searchFor = (language = 'en') =>
  app.inject({
    url: '/api/v1/search?q=prayer',
    headers: { cookie, 'accept-language': language },
  })
const busyCount = async () => {
  const scraped = await app.inject({
    url: '/metrics',
    headers: { authorization: `Bearer ${TOKEN}` },
  })
  expect(scraped.statusCode, scraped.body).toBe(200)
  return Number(/^db_pool_busy_total (\d+)$/m.exec(scraped.body)?.[1])
}

describe.runIf(!!adminUrl)('a saturated pool (PostgreSQL only: PGlite has no pool)', () => {
  it('answers 503 "busy" with Retry-After, reports no outage and counts it', async () => {
    // Warm: the session and the community's settings are kept, so during the hold the search
    // fails in its own statement (search.routes.ts's withoutTerms).
    expect((await pray()).statusCode).toBe(201)
    expect((await searchFor()).statusCode).toBe(200)
    expect(await busyCount()).toBe(0)

    // Drizzle's statement runs once awaited: `then` starts it now.
    const holding = small.db.execute(sql`select pg_sleep(4)`).then(() => null)
    for (let at = Date.now(); Date.now() - at < 2_000;) {
      const pool = small.poolStats!()
      if (pool.total === 1 && pool.idle === 0) break
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
    const [write, search, inFrench, ready] = await Promise.all([
      pray(),
      searchFor(),
      searchFor('fr'),
      app.inject({ url: '/readyz' }),
    ])
    for (const refused of [write, search, inFrench]) {
      expect(refused.statusCode, refused.body).toBe(503)
      expect(refused.headers['retry-after']).toBe('5')
      expect(refused.headers['content-type']).toMatch(/^application\/problem\+json/)
      expect(refused.json()).toMatchObject({ title: 'unavailable', status: 503 })
    }
    expect(write.json<{ detail: string }>().detail).toBe(BUSY_DETAIL)
    expect(search.json<{ detail: string }>().detail).toBe(BUSY_DETAIL)
    expect(inFrench.json<{ detail: string }>().detail).toMatch(/^Le serveur est très sollicité/)
    expect(ready.statusCode, ready.body).toBe(200)
    expect(app.databaseOutage.current).toBeNull()
    // Scraped meanwhile, though the dispatcher's backlog it reads from the database is unknown.
    expect(await busyCount()).toBeGreaterThanOrEqual(3)

    await holding
    expect((await pray()).statusCode).toBe(201)
    expect(app.databaseOutage.current).toBeNull()
    const said = (pattern: RegExp) => lines.filter((line) => pattern.test(line.msg))
    expect(said(/^database unavailable/)).toEqual([])
    expect(said(/^database pool busy/).map((line) => line.level)).toEqual([40])
    // Nothing about it logged as an error: no request, no dispatcher round, no probe.
    const errors = lines.filter((line) => line.level >= 50).map((line) => JSON.stringify(line))
    expect(errors.filter((line) => /pooled connections|timeout exceeded/.test(line))).toEqual([])
    expect(said(/^request failed$/)).toEqual([])
    expect(said(/^readiness check failed$/)).toEqual([])
  }, 30_000)
})

// Runs everywhere (no PostgreSQL needed): the same connect timeout on a database that is not
// there at all is an outage, as before.
describe('an unreachable PostgreSQL', () => {
  it('still classes as unavailable', async () => {
    const closed = createServer()
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve))
    const { port } = closed.address() as { port: number }
    await new Promise((resolve) => closed.close(resolve))
    const unreachable = await createDatabase(
      { databaseUrl: `postgres://postgres@127.0.0.1:${port}/none`, dataDir: '' },
      { pool: { max: 1, connectionTimeoutMillis: 300 } },
    )
    try {
      const failures = await Promise.all(
        [unreachable.ping(), unreachable.ping()].map((ping) =>
          ping.then(
            () => null,
            (error: unknown) => error,
          ),
        ),
      )
      expect(failures.map(outageKind)).toEqual(['unavailable', 'unavailable'])
    } finally {
      await unreachable.close()
    }
  })
})
