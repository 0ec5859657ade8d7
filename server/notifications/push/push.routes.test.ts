import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app'
import { createUser, signIn, type TestUser } from '../../../tests/helpers/users'
import { isKnownPushService } from './push.routes'
import { pushSubscriptionsTable } from './push-subscriptions.table'
import { newDevice } from './testing/push-service'

// Registration calls: members only, validated, a device per endpoint, removal of one's own only,
// and no subscription outliving the sign-in that made it.
let t: TestApp
let ann: TestUser
let bea: TestUser
let annCookie: string
let beaCookie: string

beforeAll(async () => {
  t = await createTestApp()
  ann = await createUser(t.db)
  bea = await createUser(t.db)
  annCookie = await signIn(t.app, ann)
  beaCookie = await signIn(t.app, bea)
})
afterAll(() => t.close())

/** A browser-shaped subscription at a fresh endpoint. */
function deviceSubscription() {
  const { endpoint, keys } = newDevice(`https://push.example.net/${randomUUID()}`)
  return { endpoint, keys }
}

const subscribe = (cookie: string | null, payload: object) =>
  t.app.inject({
    method: 'POST',
    url: '/api/notifications/push-subscriptions',
    headers: cookie ? { cookie } : {},
    payload,
  })
const unsubscribe = (cookie: string | null, endpoint: string) =>
  t.app.inject({
    method: 'DELETE',
    url: '/api/notifications/push-subscriptions',
    headers: cookie ? { cookie } : {},
    payload: { endpoint },
  })
const stored = (endpoint: string) =>
  t.db.select().from(pushSubscriptionsTable).where(eq(pushSubscriptionsTable.endpoint, endpoint))

describe('GET /api/notifications/push-public-key', () => {
  it('answers 401 without a session', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/notifications/push-public-key',
    })
    expect(response.statusCode).toBe(401)
  })

  it('gives the VAPID public key, an uncompressed P-256 point', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/notifications/push-public-key',
      headers: { cookie: annCookie },
    })
    expect(response.statusCode).toBe(200)
    const { publicKey } = response.json<{ publicKey: string }>()
    expect(publicKey).toBe(t.app.webPush.publicKey)
    const point = Buffer.from(publicKey, 'base64url')
    expect(point).toHaveLength(65)
    expect(point[0]).toBe(4)
  })
})

describe('POST /api/notifications/push-subscriptions', () => {
  it('answers 401 without a session and stores nothing', async () => {
    const device = deviceSubscription()
    expect((await subscribe(null, device)).statusCode).toBe(401)
    expect(await stored(device.endpoint)).toEqual([])
  })

  it.each([
    ['an endpoint that is not a URL', { endpoint: 'not a url' }],
    ['an endpoint that is not http(s)', { endpoint: 'ftp://push.example.net/x' }],
    [
      'a p256dh key that is not base64url',
      { keys: { p256dh: '+'.repeat(87), auth: 'a'.repeat(22) } },
    ],
    ['an auth secret too short', { keys: { p256dh: 'B'.repeat(87), auth: 'abc' } }],
    ['no keys', { keys: undefined }],
  ])('refuses %s with a validation problem', async (_case, change) => {
    const response = await subscribe(annCookie, { ...deviceSubscription(), ...change })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toMatchObject({ title: 'validation_error' })
  })

  it('stores the device for the member and session; subscribing again changes nothing twice', async () => {
    const device = deviceSubscription()
    expect((await subscribe(annCookie, device)).statusCode).toBe(204)
    expect((await subscribe(annCookie, device)).statusCode).toBe(204)
    const rows = await stored(device.endpoint)
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({
      userId: ann.id,
      p256dh: device.keys.p256dh,
      auth: device.keys.auth,
    })
  })

  it('hands a device over to the member who signs in on it next', async () => {
    const device = deviceSubscription()
    await subscribe(annCookie, device)
    await subscribe(beaCookie, device)
    const rows = await stored(device.endpoint)
    expect(rows.map((row) => row.userId)).toEqual([bea.id])
  })
})

describe('DELETE /api/notifications/push-subscriptions', () => {
  it('answers 401 without a session', async () => {
    expect((await unsubscribe(null, 'https://push.example.net/x')).statusCode).toBe(401)
  })

  it('removes only the caller’s own device', async () => {
    const device = deviceSubscription()
    await subscribe(annCookie, device)
    expect((await unsubscribe(beaCookie, device.endpoint)).statusCode).toBe(204)
    expect(await stored(device.endpoint)).toHaveLength(1)
    expect((await unsubscribe(annCookie, device.endpoint)).statusCode).toBe(204)
    expect(await stored(device.endpoint)).toEqual([])
  })
})

describe('signing out', () => {
  it('removes the devices that session subscribed, not the member’s others', async () => {
    const other = await createUser(t.db)
    const phone = await signIn(t.app, other)
    const laptop = await signIn(t.app, other)
    const phoneDevice = deviceSubscription()
    const laptopDevice = deviceSubscription()
    await subscribe(phone, phoneDevice)
    await subscribe(laptop, laptopDevice)
    const logout = await t.app.inject({
      method: 'POST',
      url: '/auth/logout',
      headers: { cookie: phone },
    })
    expect(logout.statusCode).toBeLessThan(300)
    expect(await stored(phoneDevice.endpoint)).toEqual([])
    expect(await stored(laptopDevice.endpoint)).toHaveLength(1)
  })
})

describe('push services accepted in production', () => {
  it.each([
    ['https://fcm.googleapis.com/fcm/send/abc', true],
    ['https://updates.push.services.mozilla.com/wpush/v2/abc', true],
    ['https://web.push.apple.com/QGx', true],
    ['https://wns2-by3p.notify.windows.com/w/?token=abc', true],
    ['http://fcm.googleapis.com/fcm/send/abc', false],
    ['https://fcm.googleapis.com.evil.example/x', false],
    ['https://10.0.0.5/internal', false],
    ['https://localhost:8443/x', false],
  ])('%s → %s', (endpoint, accepted) => {
    expect(isKnownPushService(endpoint)).toBe(accepted)
  })
})

describe('in production', () => {
  it('refuses a device whose endpoint is not a browser push service', async () => {
    const production = await createTestApp({
      env: { APP_ENV: 'production', SMTP_URL: 'smtp://localhost:2525' },
      database: t.database,
    })
    try {
      const cookie = await signIn(production.app, ann)
      const send = (endpoint: string) =>
        production.app.inject({
          method: 'POST',
          url: '/api/notifications/push-subscriptions',
          headers: { cookie },
          payload: { ...deviceSubscription(), endpoint },
        })
      const internal = await send('https://10.0.0.5/internal')
      expect(internal.statusCode).toBe(400)
      expect(internal.json()).toMatchObject({ title: 'validation_error' })
      expect((await send(`https://fcm.googleapis.com/fcm/send/${randomUUID()}`)).statusCode).toBe(
        204,
      )
    } finally {
      await production.close()
    }
  })
})
