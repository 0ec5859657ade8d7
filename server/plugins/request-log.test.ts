import { Writable } from 'node:stream'
import pino from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp, type App } from '../app'
import type { DatabaseHandle } from '../db/client'
import { testConfig } from '../../tests/helpers/test-config'
import { createTestDatabase } from '../../tests/helpers/test-db'

let lines: Record<string, unknown>[] = []
let app: App
let database: DatabaseHandle

beforeAll(async () => {
  database = await createTestDatabase()
  const sink = new Writable({
    write(chunk, _encoding, done) {
      lines.push(
        ...String(chunk)
          .trim()
          .split('\n')
          .map((line) => JSON.parse(line)),
      )
      done()
    },
  })
  app = await buildApp({ config: testConfig(), database, logger: pino({ level: 'info' }, sink) })
  await app.ready()
})
afterAll(async () => {
  await app?.close()
  await database?.close()
})

describe('the request log', () => {
  it('writes one line per request with its id, route, status and time, and echoes the id', async () => {
    lines = []
    const response = await app.inject({
      method: 'GET',
      url: '/api/v1/intentions/abc?token=secret-in-query',
    })
    const id = response.headers['x-request-id']
    expect(id).toMatch(/^[0-9a-f-]{36}$/)
    expect(lines).toHaveLength(1)
    expect(lines[0]).toMatchObject({
      msg: 'request',
      reqId: id,
      method: 'GET',
      route: '/api/v1/intentions/:id',
      status: response.statusCode,
    })
    expect(typeof lines[0]!.ms).toBe('number')
    expect(JSON.stringify(lines)).not.toContain('secret-in-query')
  })

  it("keeps a proxy's request id and replaces one that could forge log text", async () => {
    lines = []
    const kept = await app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'x-request-id': 'a1b2c3d4e5f60718' },
    })
    expect(kept.headers['x-request-id']).toBe('a1b2c3d4e5f60718')
    const forged = await app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'x-request-id': 'x" "msg":"admin signed in' },
    })
    expect(forged.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/)
    expect(lines.map((line) => line.reqId)).toEqual([
      'a1b2c3d4e5f60718',
      forged.headers['x-request-id'],
    ])
  })

  it('logs an unknown path without its query string', async () => {
    lines = []
    await app.inject({ method: 'GET', url: '/api/v1/nothing-here?email=someone@example.test' })
    expect(lines[0]).toMatchObject({ route: null, path: '/api/v1/nothing-here', status: 404 })
    expect(JSON.stringify(lines)).not.toContain('example.test')
  })
})
