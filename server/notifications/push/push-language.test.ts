import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PushPayloadSchema, type PushPayload } from '@contract/push'
import { write } from '../../../tests/helpers/notifications-api'
import { type PushWorld, startPushWorld } from '../../../tests/helpers/push-world'
import { markAnswered, postTestimony } from '../../../tests/helpers/testimonies-api'
import { createUser, signIn, type TestUser } from '../../../tests/helpers/users'
import { postIntention } from '../../../tests/helpers/wall'
import { usersTable } from '../../users/users.table'
import { reminderTitle } from '../reminder-sender'
import { type Device, newDevice } from './testing/push-service'

// Issue 42: a push in the member's language, worded by the server (the service worker has no
// catalogue), a reminder's buttons too; an anonymous author stays unnamed in every language.
const ARRIVES = { timeout: 10_000 }
let world: PushWorld
let hermana: TestUser & { cookie: string; device: Device }

beforeAll(async () => {
  world = await startPushWorld()
  const user = await createUser(world.database.db, {
    displayName: `Hermana ${randomUUID().slice(0, 6)}`,
  })
  await world.database.db
    .update(usersTable)
    .set({ language: 'es' })
    .where(eq(usersTable.id, user.id))
  const cookie = await signIn(world.live.app, user)
  const device = newDevice(`${world.pushService.url}/hermana`)
  const subscribed = await world.live.app.inject({
    method: 'POST',
    url: '/api/notifications/push-subscriptions',
    headers: { cookie },
    payload: { endpoint: device.endpoint, keys: device.keys },
  })
  expect(subscribed.statusCode).toBe(204)
  hermana = { ...user, cookie, device }
}, 60_000)
afterAll(() => world.close())

/** Each push to the Spanish member's device, decrypted, with its raw text. */
const pushed = (): { payload: PushPayload; raw: string }[] =>
  world.pushService.received
    .filter((request) => hermana.device.endpoint.endsWith(request.path))
    .map((request) => {
      const raw = hermana.device.decrypt(request.body)
      return { payload: PushPayloadSchema.parse(JSON.parse(raw)), raw }
    })
const pushOf = async (match: (payload: PushPayload) => boolean) => {
  await expect.poll(() => pushed().some(({ payload }) => match(payload)), ARRIVES).toBe(true)
  return pushed().find(({ payload }) => match(payload))!
}

describe('Web Push in the member’s language', () => {
  it('words a prayer for a Spanish member in Spanish', async () => {
    const intention = await postIntention(world.live.app, hermana.cookie)
    const friend = await createUser(world.database.db, { displayName: 'Ana María' })
    const cookie = await signIn(world.live.app, friend)
    await write(world.live.app, cookie, 'POST', `/api/v1/intentions/${intention.intention_id}/pray`)
    const { payload } = await pushOf(
      (p) =>
        p.notification.type === 'PrayerReaction' &&
        p.notification.sourceIntentionId === intention.intention_id,
    )
    expect(payload.wording).toEqual({ title: 'Ana María oró por ti', body: 'por tu intención.' })
  })

  it('sends a reminder with its title and action buttons in Spanish', async () => {
    const intention = await postIntention(world.live.app, hermana.cookie)
    await world.live.app.notifier.raise({
      userId: hermana.id,
      type: 'PrayerReminder',
      title: reminderTitle(2),
      message: 'Por la salud de mi madre',
      sourceIntentionId: intention.intention_id,
      data: { waiting: 2, intentionId: intention.intention_id, url: '/prayerlist' },
    })
    const { payload } = await pushOf((p) => p.notification.type === 'PrayerReminder')
    expect(payload.notification.title).toBe('2 requests on your prayer list are waiting')
    expect(payload.wording).toEqual({
      title: '2 intenciones de tu lista de oración están esperando',
      body: 'Por la salud de mi madre',
      actions: [
        { action: 'prayed', title: 'Ya oré' },
        { action: 'snooze', title: 'Posponer 1 hora' },
        { action: 'skip', title: 'Hoy no' },
      ],
    })
  })

  it('names no anonymous author in a Spanish push about their testimony', async () => {
    const author = await createUser(world.database.db, {
      displayName: `Oculto ${randomUUID().slice(0, 8)}`,
    })
    const cookie = await signIn(world.live.app, author)
    const intention = await postIntention(world.live.app, cookie, { identity_mode: 'anonymous' })
    await write(
      world.live.app,
      hermana.cookie,
      'POST',
      `/api/v1/intentions/${intention.intention_id}/pray`,
    )
    expect((await markAnswered(world.live.app, cookie, intention.intention_id)).statusCode).toBe(
      200,
    )
    await postTestimony(world.live.app, cookie, {
      intention_id: intention.intention_id,
      visibility: 'anonymous',
    })
    const { payload, raw } = await pushOf((p) => p.notification.type === 'TestimonyCreated')
    expect(payload.wording?.body).toBe(
      'Alguien compartió un testimonio sobre una intención por la que oraste',
    )
    for (const secret of [author.id, author.email, author.displayName])
      expect(raw).not.toContain(secret)
  })
})
