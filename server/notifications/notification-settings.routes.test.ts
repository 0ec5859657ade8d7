import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { call } from '../../tests/helpers/call'
import { createTestApp, type TestApp } from '../../tests/helpers/test-app'
import { createUser, signIn } from '../../tests/helpers/users'
import { insertGroup, postIntention } from '../../tests/helpers/wall'

// Issue 13's calls: a member's own settings, validated whole (nothing saved on a bad field),
// and muting a request only the member can see.

let t: TestApp
let ann: string
let bea: string
let outsider: string
let annId: string
let beaId: string

beforeAll(async () => {
  t = await createTestApp()
  const [a, b, o] = await Promise.all([createUser(t.db), createUser(t.db), createUser(t.db)])
  annId = a.id
  beaId = b.id
  ;[ann, bea, outsider] = await Promise.all([signIn(t.app, a), signIn(t.app, b), signIn(t.app, o)])
})
afterAll(() => t.close())

const SETTINGS = '/api/v1/users/me/notification-settings'
const nightInRome = { from: '22:00', to: '07:00', time_zone: 'Europe/Rome' }
// Issue 46: a member with no push device hears of their requests in a daily digest by default.
const mailByDefault = { activity: 'daily', weekly_digest: true, reminders: false, rooms: false }

describe('notification settings', () => {
  it('answers 401 without a session', async () => {
    expect((await call(t.app, undefined, 'GET', SETTINGS)).statusCode).toBe(401)
    expect(
      (await call(t.app, undefined, 'PUT', SETTINGS, { push: {}, quiet_hours: null })).statusCode,
    ).toBe(401)
  })

  it('starts with every type on and no quiet hours', async () => {
    const response = await call(t.app, bea, 'GET', SETTINGS)
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({
      push: {},
      quiet_hours: null,
      previews: true,
      email: mailByDefault,
    })
  })

  it('keeps what the member saves, for them alone, and a later save replaces it whole', async () => {
    const saved = {
      push: { PrayerAmenReaction: false, WeeklySummary: true },
      quiet_hours: nightInRome,
      previews: false,
    }
    const put = await call(t.app, ann, 'PUT', SETTINGS, saved)
    expect(put.statusCode).toBe(200)
    expect(put.json()).toEqual({ ...saved, email: mailByDefault })
    expect((await call(t.app, ann, 'GET', SETTINGS)).json()).toEqual({
      ...saved,
      email: mailByDefault,
    })
    expect((await call(t.app, bea, 'GET', SETTINGS)).json()).toEqual({
      push: {},
      quiet_hours: null,
      previews: true,
      email: mailByDefault,
    })

    const next = {
      push: { IntentionComment: false },
      quiet_hours: null,
      previews: true,
      email: { activity: 'never', weekly_digest: false, reminders: true, rooms: true },
    }
    await call(t.app, ann, 'PUT', SETTINGS, next)
    expect((await call(t.app, ann, 'GET', SETTINGS)).json()).toEqual(next)
  })

  it.each([
    ['an unknown type', { push: { Fireworks: false }, quiet_hours: null }, 'push'],
    [
      'a type switched with a non-boolean',
      { push: { PrayerReaction: 'no' }, quiet_hours: null },
      'push.PrayerReaction',
    ],
    [
      'a time that is not HH:MM',
      { push: {}, quiet_hours: { ...nightInRome, to: '7:00' } },
      'quiet_hours.to',
    ],
    [
      'an hour past 23',
      { push: {}, quiet_hours: { ...nightInRome, from: '24:00' } },
      'quiet_hours.from',
    ],
    [
      'an unknown time zone',
      { push: {}, quiet_hours: { ...nightInRome, time_zone: 'Europe/Atlantis' } },
      'quiet_hours.time_zone',
    ],
    [
      'an email activity other than instant, daily or never',
      {
        push: {},
        quiet_hours: null,
        email: { activity: 'hourly', weekly_digest: true, reminders: false, rooms: false },
      },
      'email.activity',
    ],
  ])('refuses %s with a 400 naming the field, and saves nothing', async (_case, body, field) => {
    const before = (await call(t.app, ann, 'GET', SETTINGS)).json()
    const response = await call(t.app, ann, 'PUT', SETTINGS, body)
    expect(response.statusCode).toBe(400)
    expect(response.headers['content-type']).toContain('application/problem+json')
    expect(response.json()).toMatchObject({
      title: 'validation_error',
      errors: [expect.objectContaining({ field })],
    })
    expect((await call(t.app, ann, 'GET', SETTINGS)).json()).toEqual(before)
  })
})

describe('muting a request', () => {
  const muted = async (cookie: string) =>
    (await call(t.app, cookie, 'GET', '/api/v1/users/me/muted-intentions')).json<{
      intention_ids: string[]
    }>().intention_ids

  it('mutes and unmutes a visible request for the member alone; both calls repeat safely', async () => {
    const { intention_id: id } = await postIntention(t.app, ann)
    expect((await call(t.app, bea, 'PUT', `/api/v1/intentions/${id}/mute`)).statusCode).toBe(204)
    expect((await call(t.app, bea, 'PUT', `/api/v1/intentions/${id}/mute`)).statusCode).toBe(204)
    expect(await muted(bea)).toEqual([id])
    expect(await muted(ann)).toEqual([])
    expect((await call(t.app, bea, 'DELETE', `/api/v1/intentions/${id}/mute`)).statusCode).toBe(204)
    expect((await call(t.app, bea, 'DELETE', `/api/v1/intentions/${id}/mute`)).statusCode).toBe(204)
    expect(await muted(bea)).toEqual([])
  })

  it('answers 404 for a private group’s request to an outsider, as the wall does', async () => {
    const group = await insertGroup(t.db, [annId, beaId])
    const { intention_id: id } = await postIntention(t.app, ann, {
      destination: 'private_group',
      group_id: group.id,
    })
    expect((await call(t.app, outsider, 'PUT', `/api/v1/intentions/${id}/mute`)).statusCode).toBe(
      404,
    )
    expect(await muted(outsider)).toEqual([])
    expect((await call(t.app, bea, 'PUT', `/api/v1/intentions/${id}/mute`)).statusCode).toBe(204)
  })

  it('refuses an id that is not a uuid, and a visitor', async () => {
    expect((await call(t.app, bea, 'PUT', '/api/v1/intentions/nope/mute')).statusCode).toBe(400)
    const { intention_id: id } = await postIntention(t.app, ann)
    expect((await call(t.app, undefined, 'PUT', `/api/v1/intentions/${id}/mute`)).statusCode).toBe(
      401,
    )
  })
})

describe('OpenAPI', () => {
  it('documents the new calls', async () => {
    const spec = (await call(t.app, undefined, 'GET', '/api/openapi.json')).json<{
      paths: Record<string, Record<string, unknown>>
    }>()
    expect(Object.keys(spec.paths[SETTINGS] ?? {})).toEqual(expect.arrayContaining(['get', 'put']))
    expect(Object.keys(spec.paths['/api/v1/intentions/{id}/mute'] ?? {})).toEqual(
      expect.arrayContaining(['put', 'delete']),
    )
  })
})
