import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { NotificationList } from '@contract/notifications'
import type { PushPayload } from '@contract/push'
import { call } from '../../tests/helpers/call'
import { createTestApp, type TestApp } from '../../tests/helpers/test-app'
import { createUser, signIn } from '../../tests/helpers/users'
import { postIntention } from '../../tests/helpers/wall'
import { newDevice } from './push/testing/push-service'

// Issue 13: the member's settings decide what is pushed to their devices, never what the bell
// panel lists. Pushes are caught at the transport (what web-push would send, before encryption).

let t: TestApp
let clock = new Date('2026-03-28T12:00:00Z')
const pushed: { endpoint: string; payload: PushPayload }[] = []

beforeAll(async () => {
  t = await createTestApp({ now: () => clock })
  t.app.webPush.transport = async (subscription, payload) => {
    pushed.push({ endpoint: subscription.endpoint, payload: JSON.parse(payload) as PushPayload })
  }
})
afterAll(() => t.close())
beforeEach(() => {
  clock = new Date('2026-03-28T12:00:00Z')
})

type Member = { id: string; cookie: string; endpoint: string }

async function memberWithDevice(): Promise<Member> {
  const user = await createUser(t.db)
  const cookie = await signIn(t.app, user)
  const { endpoint, keys } = newDevice(`https://push.example.net/${randomUUID()}`)
  const response = await call(t.app, cookie, 'POST', '/api/notifications/push-subscriptions', {
    endpoint,
    keys,
  })
  expect(response.statusCode).toBe(204)
  return { id: user.id, cookie, endpoint }
}

const titlesPushedTo = (member: Member) =>
  pushed
    .filter((push) => push.endpoint === member.endpoint)
    .map((push) => push.payload.notification.title)

async function panelTitles(member: Member): Promise<string[]> {
  const response = await call(t.app, member.cookie, 'GET', '/api/notifications')
  return response.json<NotificationList>().items.map((item) => item.title)
}

const raise = (member: Member, type: 'WeeklySummary' | 'TestimonyEncouragement', title: string) =>
  t.app.notifier.raise({ userId: member.id, type, title, message: null })

const saveSettings = async (member: Member, settings: object) =>
  expect(
    (await call(t.app, member.cookie, 'PUT', '/api/v1/users/me/notification-settings', settings))
      .statusCode,
  ).toBe(200)

describe('what reaches a member’s devices', () => {
  it('does not push a type the member turned off, yet lists it in the panel', async () => {
    const ann = await memberWithDevice()
    await saveSettings(ann, { push: { WeeklySummary: false }, quiet_hours: null })
    await raise(ann, 'WeeklySummary', 'Your week in prayer')
    await raise(ann, 'TestimonyEncouragement', '5 people said Amen to your testimony')
    // Sent in order: once the second is pushed, the first was decided.
    await expect.poll(() => titlesPushedTo(ann)).toEqual(['5 people said Amen to your testimony'])
    expect(await panelTitles(ann)).toEqual([
      '5 people said Amen to your testimony',
      'Your week in prayer',
    ])
  })

  it('keeps quiet hours on the member’s own clock, across a time zone and a DST change', async () => {
    const rome = await memberWithDevice()
    const newYork = await memberWithDevice()
    const night = { from: '22:00', to: '07:00' }
    await saveSettings(rome, { push: {}, quiet_hours: { ...night, time_zone: 'Europe/Rome' } })
    await saveSettings(newYork, {
      push: {},
      quiet_hours: { ...night, time_zone: 'America/New_York' },
    })

    // Saturday 21:30 UTC: 22:30 in Rome (quiet), 17:30 in New York (not).
    clock = new Date('2026-03-28T21:30:00Z')
    await raise(rome, 'WeeklySummary', 'Late evening')
    await raise(newYork, 'WeeklySummary', 'Late evening')
    // Saturday 05:30 UTC is 06:30 in Rome (UTC+1): still quiet.
    clock = new Date('2026-03-28T05:30:00Z')
    await raise(rome, 'WeeklySummary', 'Before the clocks change')
    // Sunday 05:30 UTC, after Rome moved to summer time (UTC+2): 07:30, awake.
    clock = new Date('2026-03-29T05:30:00Z')
    await raise(rome, 'WeeklySummary', 'After the clocks change')

    await expect.poll(() => titlesPushedTo(rome)).toEqual(['After the clocks change'])
    expect(titlesPushedTo(newYork)).toEqual(['Late evening'])
    expect(await panelTitles(rome)).toHaveLength(3)
  })

  it('sends nothing about a muted request to the member who muted it, everything to the others', async () => {
    const author = await memberWithDevice()
    const muting = await memberWithDevice()
    const other = await memberWithDevice()
    const { intention_id: id } = await postIntention(t.app, author.cookie)
    for (const member of [muting, other]) {
      expect(
        (await call(t.app, member.cookie, 'POST', `/api/v1/intentions/${id}/pray`)).statusCode,
      ).toBe(200)
    }
    expect(
      (await call(t.app, muting.cookie, 'PUT', `/api/v1/intentions/${id}/mute`)).statusCode,
    ).toBe(204)
    const answered = await call(t.app, author.cookie, 'PATCH', `/api/v1/intentions/${id}/status`, {
      status: 'answered',
    })
    expect(answered.statusCode, answered.body).toBe(200)
    // An unrelated notification after it: once it is pushed, the muted one was decided.
    await raise(muting, 'WeeklySummary', 'Your week in prayer')

    await expect.poll(() => titlesPushedTo(other)).toEqual(['A prayer you prayed for was answered'])
    await expect.poll(() => titlesPushedTo(muting)).toEqual(['Your week in prayer'])
    expect(await panelTitles(muting)).toContain('A prayer you prayed for was answered')

    // Unmuted, the request reaches the member again.
    expect(
      (await call(t.app, muting.cookie, 'DELETE', `/api/v1/intentions/${id}/mute`)).statusCode,
    ).toBe(204)
    const reopened = await call(t.app, author.cookie, 'PATCH', `/api/v1/intentions/${id}/status`, {
      status: 'active',
    })
    expect(reopened.statusCode, reopened.body).toBe(200)
    const released = await call(t.app, author.cookie, 'PATCH', `/api/v1/intentions/${id}/status`, {
      status: 'released_in_peace',
      closure_reason: 'came_to_peace',
    })
    expect(released.statusCode, released.body).toBe(200)
    await expect
      .poll(() => titlesPushedTo(muting))
      .toEqual(['Your week in prayer', 'A prayer you prayed for was released in peace'])
  })
})
