import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { Notification } from '@contract/notifications'
import { PUSH_TTL_SECONDS, PushPayloadSchema } from '@contract/push'
import { createUser, signIn, type TestUser } from '../../../tests/helpers/users'
import { sessionsTable } from '../../auth/sessions.table'
import { connectAs, eventOf } from '../../../tests/helpers/live-app'
import { pushSubscriptionsTable } from './push-subscriptions.table'
import { type Device, newDevice } from './testing/push-service'
import { type PushWorld, startPushWorld } from '../../../tests/helpers/push-world'

// A push leaves through the events mechanism (NotificationsRaised, then the web-push subscriber),
// woken by NOTIFY: on a loaded two-core machine that takes longer than expect.poll's default 1 s.
const ARRIVES = { timeout: 10_000 }

// Web Push end to end on the server side: a notification raised for a member with no live hub
// connection is encrypted (RFC 8291) and sent to a local push service with a VAPID signature;
// a member with an open tab hears it over the hub instead; gone devices are pruned.
let world: PushWorld

beforeAll(async () => {
  world = await startPushWorld()
}, 60_000)
afterAll(() => world.close())
beforeEach(() => {
  world.pushService.received.length = 0
})

let deviceCount = 0
/** A member signed in with one device subscribed through the API. */
async function memberWithDevice(): Promise<{ user: TestUser; cookie: string; device: Device }> {
  const user = await createUser(world.database.db)
  const cookie = await signIn(world.live.app, user)
  deviceCount += 1
  const device = newDevice(`${world.pushService.url}/device-${deviceCount}`)
  const response = await world.live.app.inject({
    method: 'POST',
    url: '/api/notifications/push-subscriptions',
    headers: { cookie },
    payload: { endpoint: device.endpoint, keys: device.keys },
  })
  expect(response.statusCode).toBe(204)
  return { user, cookie, device }
}

const raiseFor = (user: TestUser, title: string) =>
  world.live.app.notifier.raise({
    userId: user.id,
    type: 'WeeklySummary',
    title,
    message: 'Seven prayers',
  })

const pushesTo = (device: Device) =>
  world.pushService.received.filter((request) => device.endpoint.endsWith(request.path))

const devicesOf = (user: TestUser) =>
  world.database.db
    .select()
    .from(pushSubscriptionsTable)
    .where(eq(pushSubscriptionsTable.userId, user.id))

describe('Web Push delivery', () => {
  it('encrypts the notification to the device of a member with no open tab, signed with VAPID', async () => {
    const { user, device } = await memberWithDevice()
    await raiseFor(user, 'Your week in prayer')
    await expect.poll(() => pushesTo(device).length, ARRIVES).toBe(1)

    const [request] = pushesTo(device)
    expect(request!.headers['content-encoding']).toBe('aes128gcm')
    expect(request!.headers['ttl']).toBe(String(PUSH_TTL_SECONDS))
    expect(request!.headers['authorization']).toContain(`k=${world.live.app.webPush.publicKey}`)
    const payload = PushPayloadSchema.parse(JSON.parse(device.decrypt(request!.body)))
    expect(payload.notification).toMatchObject({
      type: 'WeeklySummary',
      title: 'Your week in prayer',
      message: 'Seven prayers',
      readAt: null,
    })
    expect(payload.readUrl).toBe('http://localhost:3000/api/notifications/read')
  })

  it('signs one VAPID token per push service, for 12 hours, and reuses it for every push', async () => {
    const first = await memberWithDevice()
    const second = await memberWithDevice()
    await raiseFor(first.user, 'For the first device')
    await raiseFor(second.user, 'For the second device')
    await expect
      .poll(() => pushesTo(first.device).length + pushesTo(second.device).length, ARRIVES)
      .toBe(2)
    const [one, two] = [pushesTo(first.device)[0]!, pushesTo(second.device)[0]!]
    expect(one.headers['authorization']).toBe(two.headers['authorization'])
    const token = /^vapid t=([^,]+), k=/.exec(one.headers['authorization'] as string)?.[1] ?? ''
    const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as {
      aud: string
      exp: number
    }
    expect(claims.aud).toBe(new URL(world.pushService.url).origin)
    const hoursLeft = (claims.exp * 1000 - Date.now()) / 3_600_000
    expect(hoursLeft).toBeGreaterThan(11)
    expect(hoursLeft).toBeLessThanOrEqual(12)
  })

  it('is not sent to a member whose tab is connected to the hub, who hears NewNotification', async () => {
    const connected = await memberWithDevice()
    const away = await memberWithDevice()
    const connection = connectAs(world.live.url, connected.cookie)
    await connection.start()
    await expect.poll(() => world.live.app.hub.hasUserConnection(connected.user.id)).toBe(true)
    try {
      const heard = eventOf<Notification>(connection, 'NewNotification')
      await raiseFor(connected.user, 'For the open tab')
      await raiseFor(away.user, 'For the closed laptop')
      expect((await heard).title).toBe('For the open tab')
      // The away member's push went out after the connected member's event was published.
      await expect.poll(() => pushesTo(away.device).length, ARRIVES).toBe(1)
      expect(pushesTo(connected.device)).toEqual([])
    } finally {
      await connection.stop()
    }
    // With the tab closed, the next one is pushed.
    await expect.poll(() => world.live.app.hub.hasUserConnection(connected.user.id)).toBe(false)
    await raiseFor(connected.user, 'After closing the tab')
    await expect.poll(() => pushesTo(connected.device).length, ARRIVES).toBe(1)
  })

  it.each([404, 410])('removes a device the push service answers %i for', async (status) => {
    const { user, device } = await memberWithDevice()
    world.pushService.answer.set(new URL(device.endpoint).pathname, status)
    await raiseFor(user, 'To a device long gone')
    await expect.poll(() => pushesTo(device).length, ARRIVES).toBe(1)
    await expect.poll(async () => (await devicesOf(user)).length, ARRIVES).toBe(0)
  })

  it('keeps a device when the push service fails for a while (500)', async () => {
    const { user, device } = await memberWithDevice()
    world.pushService.answer.set(new URL(device.endpoint).pathname, 500)
    await raiseFor(user, 'While the push service struggles')
    // Tried, and tried again a second later (PushRetryDue): at least once by the time we look.
    await expect.poll(() => pushesTo(device).length, ARRIVES).toBeGreaterThanOrEqual(1)
    // The failure is handled (logged) before the call settles; the row is still there after.
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(await devicesOf(user)).toHaveLength(1)
  })

  it('sends nothing to a device whose sign-in has expired', async () => {
    const expired = await memberWithDevice()
    const control = await memberWithDevice()
    const [row] = await devicesOf(expired.user)
    await world.database.db
      .update(sessionsTable)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessionsTable.id, row!.sessionId))
    await raiseFor(expired.user, 'After the session expired')
    await raiseFor(control.user, 'For the member still signed in')
    await expect.poll(() => pushesTo(control.device).length, ARRIVES).toBe(1)
    expect(pushesTo(expired.device)).toEqual([])
  })

  it('delivers a batch in one go, each member by their own devices and settings', async () => {
    const [pushed, quiet, noDevice] = [
      await memberWithDevice(),
      await memberWithDevice(),
      await createUser(world.database.db),
    ]
    const settings = await world.live.app.inject({
      method: 'PUT',
      url: '/api/v1/users/me/notification-settings',
      headers: { cookie: quiet.cookie },
      payload: { push: { WeeklySummary: false }, quiet_hours: null },
    })
    expect(settings.statusCode).toBe(200)
    const summary = (notificationId: string): Notification => ({
      notificationId,
      type: 'WeeklySummary',
      title: 'Your week in prayer',
      message: 'Seven prayers',
      sourceUserDisplayName: null,
      sourceIntentionId: null,
      sourceTestimonyId: null,
      data: null,
      createdAt: new Date().toISOString(),
      readAt: null,
    })
    await world.live.app.webPush.deliverMany([
      { userId: pushed.user.id, notification: summary(randomUUID()) },
      { userId: quiet.user.id, notification: summary(randomUUID()) },
      { userId: noDevice.id, notification: summary(randomUUID()) },
      { userId: pushed.user.id, notification: summary(randomUUID()) },
    ])
    expect(pushesTo(pushed.device)).toHaveLength(2)
    expect(pushesTo(quiet.device)).toEqual([])
  })
})
