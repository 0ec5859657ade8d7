import { Writable } from 'node:stream'
import pino from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ProblemDetailsSchema } from '@contract/errors'
import { buildApp, type App } from '../app'
import { createTestDatabase } from '../../tests/helpers/test-db'
import { testConfig } from '../../tests/helpers/test-config'
import type { DatabaseHandle } from '../db/client'

// Issue 14: the framework's own refusals are problem details like ours, and a 500 is logged
// with its request id while its answer says no more than "something went wrong".
let logged = ''
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
  app = await buildApp({ config: testConfig(), database, logger: pino({ level: 'error' }, sink) })
  app.get('/api/test/boom', { config: { public: true } }, () => {
    throw new Error('connection to 10.0.0.7 refused')
  })
  await app.ready()
})
afterAll(async () => {
  await app.close()
  await database.close()
})

async function problemOf(url: string, status: number, title: string) {
  const response = await app.inject({ url })
  expect(response.statusCode).toBe(status)
  expect(response.headers['content-type']).toMatch(/^application\/problem\+json/)
  const body = ProblemDetailsSchema.parse(response.json())
  expect(body).toMatchObject({ status, title, type: `urn:problem:${title}` })
  expect(response.body).not.toContain('FST_ERR')
  return { body, text: response.body }
}

describe('refusals by the router', () => {
  it('answers a malformed escape in the path with a 400', async () => {
    await problemOf('/api/v1/intentions/%FF', 400, 'bad_request')
  })

  it('answers an over-long path parameter with a 414 that does not echo it', async () => {
    const { text } = await problemOf(`/api/v1/intentions/${'a'.repeat(5000)}`, 414, 'uri_too_long')
    expect(text).not.toContain('aaaa')
  })

  it('answers an unknown method on a known path with a 404', async () => {
    const response = await app.inject({ method: 'PURGE', url: '/api/v1/intentions' })
    expect(response.statusCode).toBe(404)
    expect(ProblemDetailsSchema.safeParse(response.json()).success).toBe(true)
  })
})

describe('an unexpected error', () => {
  it('is logged with its request id, and its answer tells nothing of it', async () => {
    const { body, text } = await problemOf('/api/test/boom', 500, 'internal_error')
    expect(text).not.toContain('10.0.0.7')
    expect(body.detail).toBe('Something went wrong on our side. Please try again.')
    const line = logged
      .split('\n')
      .filter(Boolean)
      .map((entry) => JSON.parse(entry) as { reqId?: string; err?: { message?: string } })
      .find((entry) => entry.err?.message === 'connection to 10.0.0.7 refused')
    expect(line?.reqId).toEqual(expect.any(String))
  })
})
