import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { PrayerList } from '@contract/prayer-list'
import { call } from '../../tests/helpers/call'
import { createTestApp, type TestApp } from '../../tests/helpers/test-app'
import { createUser, signIn } from '../../tests/helpers/users'
import { insertGroup, postIntention } from '../../tests/helpers/wall'

// Issue 20's calls: My Prayer List, "I prayed" through it, the Needs prayer tab, prayer
// updates and who hears of them, and reminder settings.

let t: TestApp
let ann: string
let bea: string
let cid: string
let outsider: string
let annId: string
let beaId: string
let clock = new Date('2026-11-25T09:00:00Z')

beforeAll(async () => {
  t = await createTestApp({ now: () => clock })
  const users = await Promise.all([
    createUser(t.db),
    createUser(t.db),
    createUser(t.db),
    createUser(t.db),
  ])
  ;[annId, beaId] = users.map((user) => user.id) as [string, string]
  ;[ann, bea, cid, outsider] = (await Promise.all(users.map((user) => signIn(t.app, user)))) as [
    string,
    string,
    string,
    string,
  ]
})
afterAll(() => t.close())

const LIST = '/api/v1/prayer-list'
const list = async (cookie: string) => (await call(t.app, cookie, 'GET', LIST)).json<PrayerList>()
const notifications = async (cookie: string) =>
  (await call(t.app, cookie, 'GET', '/api/notifications?limit=50')).json<{
    items: { type: string; title: string; sourceIntentionId: string | null; data: unknown }[]
  }>().items
const UPDATE =
  'The surgery went well and she is recovering at home now; thank you all for praying so faithfully.'

describe('My Prayer List', () => {
  it('adds, repeats safely, is private to the member and removes', async () => {
    const { intention_id: id } = await postIntention(t.app, ann)
    expect((await call(t.app, bea, 'PUT', `${LIST}/${id}`)).statusCode).toBe(204)
    expect((await call(t.app, bea, 'PUT', `${LIST}/${id}`)).statusCode).toBe(204)
    const mine = await list(bea)
    expect(mine.items.map((entry) => entry.intention.intention_id)).toEqual([id])
    expect(mine.items[0]).toMatchObject({ last_prayed_at: null })
    expect((await list(cid)).items).toEqual([])
    expect((await call(t.app, bea, 'DELETE', `${LIST}/${id}`)).statusCode).toBe(204)
    expect((await call(t.app, bea, 'DELETE', `${LIST}/${id}`)).statusCode).toBe(204)
    expect((await list(bea)).items).toEqual([])
  })

  it('takes the member’s own requests too, and hides a private group’s from outsiders (404)', async () => {
    const group = await insertGroup(t.db, [annId, beaId])
    const { intention_id: id } = await postIntention(t.app, ann, {
      destination: 'private_group',
      group_id: group.id,
    })
    expect((await call(t.app, outsider, 'PUT', `${LIST}/${id}`)).statusCode).toBe(404)
    expect((await list(outsider)).items).toEqual([])
    expect((await call(t.app, ann, 'PUT', `${LIST}/${id}`)).statusCode).toBe(204)
    expect((await list(ann)).items.map((entry) => entry.intention.intention_id)).toContain(id)
    expect((await call(t.app, undefined, 'GET', LIST)).statusCode).toBe(401)
  })

  it('orders not prayed today first, then the longest since last prayed; "I prayed" notifies once a day', async () => {
    const [a, b, c] = [
      await postIntention(t.app, ann),
      await postIntention(t.app, ann),
      await postIntention(t.app, ann),
    ]
    for (const { intention_id } of [a, b, c])
      await call(t.app, cid, 'PUT', `${LIST}/${intention_id}`)
    clock = new Date('2026-11-25T10:00:00Z')
    expect(
      (await call(t.app, cid, 'POST', `/api/v1/intentions/${b.intention_id}/pray`)).statusCode,
    ).toBe(200)
    clock = new Date('2026-11-25T10:05:00Z')
    await call(t.app, cid, 'POST', `/api/v1/intentions/${b.intention_id}/pray`)
    await call(t.app, cid, 'POST', `/api/v1/intentions/${a.intention_id}/pray`)
    const order = (await list(cid)).items.map((entry) => entry.intention.intention_id)
    expect(order).toEqual([c.intention_id, b.intention_id, a.intention_id])
    const prayedForB = (await notifications(ann)).filter(
      (item) => item.sourceIntentionId === b.intention_id && item.type === 'PrayerReaction',
    )
    expect(prayedForB).toHaveLength(1)
    // The next day (UTC) it waits again, first.
    clock = new Date('2026-11-26T08:00:00Z')
    const next = (await list(cid)).items
    expect(next.every((entry) => entry.intention.has_prayed === false)).toBe(true)
    expect(next[0]!.intention.intention_id).toBe(c.intention_id)
    clock = new Date('2026-11-25T12:00:00Z')
  })

  it('keeps an answered request with its status until the member dismisses it', async () => {
    const { intention_id: id } = await postIntention(t.app, ann)
    await call(t.app, bea, 'PUT', `${LIST}/${id}`)
    const answered = await call(t.app, ann, 'PATCH', `/api/v1/intentions/${id}/status`, {
      status: 'answered',
    })
    expect(answered.statusCode, answered.body).toBe(200)
    const entry = (await list(bea)).items.find((item) => item.intention.intention_id === id)
    expect(entry?.intention.status).toBe('answered')
    await call(t.app, bea, 'DELETE', `${LIST}/${id}`)
    expect((await list(bea)).items.some((item) => item.intention.intention_id === id)).toBe(false)
  })
})

describe('Needs prayer', () => {
  it('lists others’ active requests nobody prayed for, oldest first; the first prayer takes one out', async () => {
    const lonely = await createUser(t.db)
    const lonelyCookie = await signIn(t.app, lonely)
    clock = new Date('2026-11-25T12:10:00Z')
    const older = await postIntention(t.app, lonelyCookie)
    clock = new Date('2026-11-25T12:20:00Z')
    const newer = await postIntention(t.app, lonelyCookie)
    const needs = async (cookie: string) =>
      (await call(t.app, cookie, 'GET', '/api/v1/intentions?needs_prayer=true&limit=50')).json<{
        items: { intention_id: string; prayed_count: number; status: string }[]
      }>().items
    const ids = (await needs(bea)).map((item) => item.intention_id)
    expect(ids.indexOf(older.intention_id)).toBeLessThan(ids.indexOf(newer.intention_id))
    expect(
      (await needs(bea)).every((item) => item.prayed_count === 0 && item.status === 'active'),
    ).toBe(true)
    expect((await needs(lonelyCookie)).map((item) => item.intention_id)).not.toContain(
      older.intention_id,
    )
    await call(t.app, bea, 'POST', `/api/v1/intentions/${older.intention_id}/pray`)
    expect((await needs(cid)).map((item) => item.intention_id)).not.toContain(older.intention_id)
  })
})

describe('prayer updates', () => {
  it('lets the author post one; it shows in the detail and tells who prayed or listed it, never the author', async () => {
    const { intention_id: id } = await postIntention(t.app, ann, { identity_mode: 'anonymous' })
    await call(t.app, bea, 'POST', `/api/v1/intentions/${id}/pray`)
    await call(t.app, cid, 'PUT', `${LIST}/${id}`)
    const posted = await call(t.app, ann, 'POST', `/api/v1/intentions/${id}/updates`, {
      text: UPDATE,
    })
    expect(posted.statusCode, posted.body).toBe(201)
    expect(posted.json()).toMatchObject({ text: UPDATE })
    const detail = (await call(t.app, cid, 'GET', `/api/v1/intentions/${id}`)).json()
    expect(detail.updates).toEqual([posted.json()])
    expect((await call(t.app, bea, 'GET', `/api/v1/intentions/${id}/updates`)).json()).toEqual({
      items: [posted.json()],
    })
    for (const cookie of [bea, cid]) {
      const heard = (await notifications(cookie)).filter(
        (item) => item.type === 'PrayerUpdate' && item.sourceIntentionId === id,
      )
      expect(heard).toHaveLength(1)
      // Anonymous: the update never names its author.
      expect(heard[0]!.title).toBe('Someone shared an update on a request you prayed for')
    }
    expect((await notifications(ann)).some((item) => item.type === 'PrayerUpdate')).toBe(false)
    expect((await notifications(outsider)).some((item) => item.type === 'PrayerUpdate')).toBe(false)

    // A second update within the hour re-counts the same notification.
    clock = new Date(clock.getTime() + 10 * 60 * 1000)
    await call(t.app, ann, 'POST', `/api/v1/intentions/${id}/updates`, {
      text: `${UPDATE} More news.`,
    })
    const bundled = (await notifications(bea)).filter(
      (item) => item.type === 'PrayerUpdate' && item.sourceIntentionId === id,
    )
    expect(bundled).toHaveLength(1)
    expect(bundled[0]!.title).toBe('Someone shared 2 updates on a request you prayed for')
  })

  it('refuses others (403), outsiders of a private group (404), and closed requests (423)', async () => {
    const { intention_id: id } = await postIntention(t.app, ann)
    expect(
      (await call(t.app, bea, 'POST', `/api/v1/intentions/${id}/updates`, { text: UPDATE }))
        .statusCode,
    ).toBe(403)
    const group = await insertGroup(t.db, [annId, beaId])
    const hidden = await postIntention(t.app, ann, {
      destination: 'private_group',
      group_id: group.id,
    })
    expect(
      (await call(t.app, outsider, 'GET', `/api/v1/intentions/${hidden.intention_id}/updates`))
        .statusCode,
    ).toBe(404)
    await call(t.app, ann, 'PATCH', `/api/v1/intentions/${id}/status`, { status: 'answered' })
    expect(
      (await call(t.app, ann, 'POST', `/api/v1/intentions/${id}/updates`, { text: UPDATE }))
        .statusCode,
    ).toBe(423)
  })

  it.each([
    ['under 70 characters', 'Too short.'],
    ['over 1,200 characters', 'x'.repeat(1201)],
  ])('refuses an update %s with a 400 naming text, and saves nothing', async (_case, text) => {
    const { intention_id: id } = await postIntention(t.app, ann)
    const response = await call(t.app, ann, 'POST', `/api/v1/intentions/${id}/updates`, { text })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toMatchObject({ errors: [expect.objectContaining({ field: 'text' })] })
    expect((await call(t.app, ann, 'GET', `/api/v1/intentions/${id}/updates`)).json()).toEqual({
      items: [],
    })
  })
})

describe('reminder settings', () => {
  const PATH = '/api/v1/users/me/reminders'
  const rome = { time_zone: 'Europe/Rome', slots: [{ days: [1, 2, 3, 4, 5], time: '07:00' }] }

  it('starts with none and keeps what the member saves', async () => {
    expect((await call(t.app, bea, 'GET', PATH)).json()).toEqual({ time_zone: 'UTC', slots: [] })
    const put = await call(t.app, bea, 'PUT', PATH, rome)
    expect(put.statusCode).toBe(200)
    expect((await call(t.app, bea, 'GET', PATH)).json()).toEqual(rome)
  })

  it.each([
    ['an unknown time zone', { ...rome, time_zone: 'Mars/Olympus' }, 'time_zone'],
    ['a day outside 1–7', { ...rome, slots: [{ days: [0], time: '07:00' }] }, 'slots.0.days.0'],
    ['a time that is not HH:MM', { ...rome, slots: [{ days: [1], time: '7am' }] }, 'slots.0.time'],
    [
      'more than 12 slots',
      { ...rome, slots: Array.from({ length: 13 }, () => ({ days: [1], time: '07:00' })) },
      'slots',
    ],
  ])('refuses %s with a 400 naming the field, and saves nothing', async (_case, body, field) => {
    const response = await call(t.app, cid, 'PUT', PATH, body)
    expect(response.statusCode).toBe(400)
    expect(response.json()).toMatchObject({
      title: 'validation_error',
      errors: [expect.objectContaining({ field })],
    })
    expect((await call(t.app, cid, 'GET', PATH)).json()).toEqual({ time_zone: 'UTC', slots: [] })
  })
})

describe('OpenAPI', () => {
  it('documents the new calls', async () => {
    const spec = (await call(t.app, undefined, 'GET', '/api/openapi.json')).json<{
      paths: Record<string, Record<string, unknown>>
    }>()
    expect(Object.keys(spec.paths[LIST] ?? {})).toContain('get')
    expect(Object.keys(spec.paths['/api/v1/prayer-list/{intentionId}'] ?? {})).toEqual(
      expect.arrayContaining(['put', 'delete']),
    )
    expect(Object.keys(spec.paths['/api/v1/intentions/{id}/updates'] ?? {})).toEqual(
      expect.arrayContaining(['get', 'post']),
    )
    expect(Object.keys(spec.paths['/api/v1/users/me/reminders'] ?? {})).toEqual(
      expect.arrayContaining(['get', 'put']),
    )
  })
})
