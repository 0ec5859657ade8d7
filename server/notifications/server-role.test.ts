import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../tests/helpers/test-app'
import { createUser, signIn } from '../../tests/helpers/users'

// DESIGN §2 process roles: `notifications` serves its calls and the hub; `api` everything else.
let notifications: TestApp
let api: TestApp
let cookie: string

beforeAll(async () => {
  notifications = await createTestApp({ env: { SERVER_ROLE: 'notifications' } })
  api = await createTestApp({ env: { SERVER_ROLE: 'api' }, database: notifications.database })
  cookie = await signIn(notifications.app, await createUser(notifications.db))
})
afterAll(async () => {
  await api.close()
  await notifications.close()
})

const get = (t: TestApp, url: string) => t.app.inject({ method: 'GET', url, headers: { cookie } })
const negotiate = (t: TestApp) =>
  t.app.inject({
    method: 'POST',
    url: '/hub/notifications/negotiate?negotiateVersion=1',
    headers: { cookie },
  })

describe('SERVER_ROLE', () => {
  it('notifications: the notifications calls, the hub and health, nothing of the wall', async () => {
    expect((await get(notifications, '/api/notifications')).statusCode).toBe(200)
    expect((await negotiate(notifications)).statusCode).toBe(200)
    expect((await get(notifications, '/healthz')).statusCode).toBe(200)
    expect((await get(notifications, '/api/v1/intentions')).statusCode).toBe(404)
  })

  it('api: the wall without the hub', async () => {
    expect((await get(api, '/api/v1/intentions')).statusCode).toBe(200)
    expect((await negotiate(api)).statusCode).toBe(404)
  })

  it('answers the app origin with credentials, never *', async () => {
    const response = await notifications.app.inject({
      method: 'OPTIONS',
      url: '/api/notifications',
      headers: { origin: 'http://localhost:3000', 'access-control-request-method': 'GET' },
    })
    expect(response.headers['access-control-allow-origin']).toBe('http://localhost:3000')
    expect(response.headers['access-control-allow-credentials']).toBe('true')
  })
})
