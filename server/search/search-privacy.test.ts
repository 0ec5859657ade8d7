import { Writable } from 'node:stream'
import { type SQL } from 'drizzle-orm'
import { PgDialect } from 'drizzle-orm/pg-core'
import pino from 'pino'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { buildApp, type App } from '../app'
import type { DatabaseHandle } from '../db/client'
import { call } from '../../tests/helpers/call'
import { testConfig } from '../../tests/helpers/test-config'
import { createTestDatabase } from '../../tests/helpers/test-db'
import { createUser, signIn } from '../../tests/helpers/users'
import { SEARCHES_PER_MINUTE } from './search.routes'

// Issue 43: what a member searches for is theirs. It reaches no log line (the request log
// writes the route, never the query string; errors carry no input), and a member's searches
// are limited per member.
let logged = ''
const dialect = new PgDialect()
let app: App
let database: DatabaseHandle

beforeAll(async () => {
  database = await createTestDatabase()
  const sink = new Writable({
    write(chunk, _encoding, done) {
      logged += String(chunk)
      done()
    },
  })
  app = await buildApp({ config: testConfig(), database, logger: pino({ level: 'trace' }, sink) })
  await app.ready()
})
afterAll(async () => {
  await app?.close()
  await database?.close()
})

describe('search terms', () => {
  it('are never logged, whether the search answers, refuses or pages', async () => {
    const cookie = await signIn(app, await createUser(database.db))
    const term = 'zanzibarquokka'
    logged = ''
    const urls = [
      `/api/v1/search?q=${term}`,
      `/api/v1/search?q=${term}%20${'x'.repeat(200)}`,
      `/api/v1/search?q=${term}&scope=nowhere`,
      `/api/v1/search?q=${term}&cursor=${term}`,
    ]
    const statuses = []
    for (const url of urls) statuses.push((await call(app, cookie, 'GET', url)).statusCode)
    expect(statuses).toEqual([200, 400, 400, 400])
    expect(logged).toContain('/api/v1/search')
    expect(logged).not.toContain(term)
  })

  it('are never logged when a statement fails, nor when the database is down', async () => {
    const cookie = await signIn(app, await createUser(database.db))
    const term = 'quokkazanzibar'
    // As drizzle wraps a failed statement: its text and values, and the driver's error.
    const failed = (cause: object) =>
      Object.assign(new Error(`Failed query: select $1\nparams: ${term}`), {
        query: 'select $1',
        params: [term],
        cause: Object.assign(new Error(`invalid input: "${term}"`), cause),
      })
    // Only the search's own statement fails: the dispatcher and the session's bookkeeping use
    // execute() too, and one of theirs running meanwhile would otherwise take the failure.
    const db = app.deps.db
    const execute = db.execute.bind(db)
    let failure: object | null = null
    const spy = vi.spyOn(db, 'execute').mockImplementation((query) => {
      if (!failure || !dialect.sqlToQuery(query as SQL).sql.includes('to_tsquery'))
        return execute(query)
      const cause = failure
      failure = null
      return Promise.reject(failed(cause)) as ReturnType<typeof execute>
    })
    logged = ''
    try {
      failure = { code: '22P02' }
      const refused = await call(app, cookie, 'GET', `/api/v1/search?q=${term}`)
      failure = { code: 'ECONNREFUSED' }
      const down = await call(app, cookie, 'GET', `/api/v1/search?q=${term}`)
      expect([refused.statusCode, down.statusCode]).toEqual([500, 503])
    } finally {
      spy.mockRestore()
    }
    expect(logged).not.toContain(term)
    expect(logged).toContain('a search statement failed (22P02)')
  })
})

describe('the search limit', () => {
  it(`refuses a member's search ${SEARCHES_PER_MINUTE + 1} in a minute, not another member's`, async () => {
    const [busy, other] = await Promise.all([createUser(database.db), createUser(database.db)])
    const [busyCookie, otherCookie] = [await signIn(app, busy), await signIn(app, other)]
    for (let index = 0; index < SEARCHES_PER_MINUTE; index += 1) {
      expect((await call(app, busyCookie, 'GET', '/api/v1/search?q=a')).statusCode).toBe(200)
    }
    expect((await call(app, busyCookie, 'GET', '/api/v1/search?q=a')).statusCode).toBe(429)
    expect((await call(app, otherCookie, 'GET', '/api/v1/search?q=a')).statusCode).toBe(200)
  })
})
