import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../tests/helpers/test-app'

let test: TestApp

beforeAll(async () => {
  test = await createTestApp()
})
afterAll(() => test.close())

describe('health', () => {
  it('reports liveness and readiness while the database answers', async () => {
    expect((await test.app.inject({ url: '/healthz' })).json()).toEqual({ status: 'ok' })
    const ready = await test.app.inject({ url: '/readyz' })
    expect(ready.statusCode).toBe(200)
    expect(ready.json()).toEqual({ status: 'ok' })
  })

  it('has the migrated schema in the test database', async () => {
    const result = await test.db.execute<{ name: string }>(
      `select table_name as name from information_schema.tables where table_name = 'idempotency_keys'`,
    )
    expect(result.rows).toEqual([{ name: 'idempotency_keys' }])
  })

  it('serves the OpenAPI document', async () => {
    const response = await test.app.inject({ url: '/api/openapi.json' })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toMatchObject({ openapi: expect.stringMatching(/^3\./), info: { title: 'Prayer Community API' } })
  })

  // Last: it closes the database under the app.
  it('is not ready once the database is gone, but still alive', async () => {
    await test.database.close()
    const ready = await test.app.inject({ url: '/readyz' })
    expect(ready.statusCode).toBe(503)
    expect(ready.json()).toMatchObject({ title: 'not_ready', status: 503 })
    expect((await test.app.inject({ url: '/healthz' })).statusCode).toBe(200)
  })
})
