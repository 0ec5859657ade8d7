import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { NewNotificationEvent } from '@contract/hub'
import { PushPayloadSchema } from '@contract/push'
import { call } from '../../tests/helpers/call'
import { createUser, signIn, type TestUser } from '../../tests/helpers/users'
import { postIntention, TITLE } from '../../tests/helpers/wall'
import { connectAs, eventOf } from '../../tests/helpers/live-app'
import { type Device, newDevice } from './push/testing/push-service'
import { type PushWorld, startPushWorld } from '../../tests/helpers/push-world'

// Issue 40: the server decides what a notification may show on a member's devices. With
// "Show the request's words in notifications" off, the push service never receives a title,
// text or name; an open page is told the same in NewNotification's `devices`, and is told
// whether the notification reaches devices at all from the mutes and settings of that moment.
let world: PushWorld

beforeAll(async () => {
  world = await startPushWorld()
}, 60_000)
afterAll(() => world.close())
beforeEach(() => {
  world.pushService.received.length = 0
})

const SETTINGS = '/api/v1/users/me/notification-settings'
const WORDS = ['Bea Prays 7', TITLE, 'She is nervous']

let devices = 0
async function member(): Promise<{ user: TestUser; cookie: string; device: Device }> {
  const user = await createUser(world.database.db)
  const cookie = await signIn(world.live.app, user)
  devices += 1
  const device = newDevice(`${world.pushService.url}/previews-${devices}`)
  const subscribed = await call(
    world.live.app,
    cookie,
    'POST',
    '/api/notifications/push-subscriptions',
    {
      endpoint: device.endpoint,
      keys: device.keys,
    },
  )
  expect(subscribed.statusCode).toBe(204)
  return { user, cookie, device }
}

const prayedFor = (user: TestUser, intentionId: string | null = null) =>
  world.live.app.notifier.raise({
    userId: user.id,
    type: 'PrayerReaction',
    title: TITLE,
    message: 'She is nervous about the operation',
    sourceUserDisplayName: 'Bea Prays 7',
    sourceIntentionId: intentionId,
  })

const pushedTo = (device: Device) =>
  world.pushService.received
    .filter((request) => device.endpoint.endsWith(request.path))
    .map((request) => device.decrypt(request.body))

async function previews(cookie: string, on: boolean) {
  const saved = await call(world.live.app, cookie, 'PUT', SETTINGS, {
    push: {},
    quiet_hours: null,
    previews: on,
  })
  expect(saved.statusCode, saved.body).toBe(200)
  expect(saved.json()).toMatchObject({ previews: on })
}

describe('notification previews', () => {
  it('are on by default, and a settings body without them keeps the default', async () => {
    const { cookie } = await member()
    const read = await call(world.live.app, cookie, 'GET', SETTINGS)
    expect(read.json()).toEqual({
      push: {},
      quiet_hours: null,
      previews: true,
      // Issue 46: a member whose device gets pushes hears no activity by mail by default.
      email: { activity: 'never', weekly_digest: true, reminders: false, rooms: false },
    })
    const older = await call(world.live.app, cookie, 'PUT', SETTINGS, {
      push: {},
      quiet_hours: null,
    })
    expect(older.json()).toMatchObject({ previews: true })
    const bad = await call(world.live.app, cookie, 'PUT', SETTINGS, {
      push: {},
      quiet_hours: null,
      previews: 'no',
    })
    expect(bad.statusCode).toBe(400)
  })

  it('off, the push carries no title, text or name: only what happened', async () => {
    const { user, cookie, device } = await member()
    await previews(cookie, false)
    await prayedFor(user)
    await expect.poll(() => pushedTo(device).length).toBe(1)
    const body = pushedTo(device)[0]!
    for (const words of WORDS) expect(body).not.toContain(words)
    const payload = PushPayloadSchema.parse(JSON.parse(body))
    expect(payload.previews).toBe(false)
    expect(payload.notification).toMatchObject({
      type: 'PrayerReaction',
      title: '',
      message: null,
      sourceUserDisplayName: null,
    })
  })

  it('on, the push carries the words as before', async () => {
    const { user, device } = await member()
    await prayedFor(user)
    await expect.poll(() => pushedTo(device).length).toBe(1)
    const payload = PushPayloadSchema.parse(JSON.parse(pushedTo(device)[0]!))
    expect(payload.previews).toBeUndefined()
    expect(payload.notification).toMatchObject({
      title: TITLE,
      sourceUserDisplayName: 'Bea Prays 7',
    })
  })

  it('tell an open page, in NewNotification, whether it reaches devices and with words', async () => {
    const { user, cookie } = await member()
    const { intention_id: intentionId } = await postIntention(world.live.app, cookie)
    const connection = connectAs(world.live.url, cookie)
    await connection.start()
    const heard = async () => {
      const event = eventOf<NewNotificationEvent>(connection, 'NewNotification')
      await prayedFor(user, intentionId)
      return event
    }
    try {
      // The panel keeps the words either way; devices is the server's word for the system one.
      expect((await heard()).devices).toEqual({ reaches: true, previews: true })
      await previews(cookie, false)
      const wordless = await heard()
      expect(wordless.devices).toEqual({ reaches: true, previews: false })
      expect(wordless.title).toBe(TITLE)

      // A mute set anywhere holds for the very next notification: no page decides from a copy.
      const muted = await call(
        world.live.app,
        cookie,
        'PUT',
        `/api/v1/intentions/${intentionId}/mute`,
      )
      expect(muted.statusCode).toBeLessThan(300)
      expect((await heard()).devices.reaches).toBe(false)
      const unmuted = await call(
        world.live.app,
        cookie,
        'DELETE',
        `/api/v1/intentions/${intentionId}/mute`,
      )
      expect(unmuted.statusCode).toBeLessThan(300)
      expect((await heard()).devices.reaches).toBe(true)
    } finally {
      await connection.stop()
    }
  })
})
