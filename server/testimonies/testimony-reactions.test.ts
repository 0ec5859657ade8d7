import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Testimony, TestimonyReactorPage } from '@contract/testimonies'
import { createTestApp, type TestApp } from '../../tests/helpers/test-app'
import { createUser, signIn } from '../../tests/helpers/users'
import { call, postTestimony } from '../../tests/helpers/testimonies-api'
import { testimoniesTable } from './testimonies.table'

// Saying Amen to a testimony (spec 001 §4: toggles, answer {Added, Counts.Amen}) and the
// "Who said Amen" list (spec 001 §2: display names with isYou, newest first, paged).
let t: TestApp
let authorCookie: string
let clock = new Date('2026-04-01T08:00:00.000Z')

beforeAll(async () => {
  t = await createTestApp({ now: () => clock })
  authorCookie = await signIn(t.app, await createUser(t.db))
})
afterAll(() => t.close())

const react = (cookie: string, id: string, payload: object = { Reaction: 'amen' }) =>
  call(t.app, cookie, 'POST', `/api/v1/testimonies/${id}/reactions`, payload)
const storedCount = async (id: string) =>
  (await t.db.select().from(testimoniesTable).where(eq(testimoniesTable.id, id)))[0]!.amenCount

describe('POST /api/v1/testimonies/{id}/reactions', () => {
  it('toggles Amen, or sets it with active; the card shows said_amen and the count', async () => {
    const { testimony_id: id } = await postTestimony(t.app, authorCookie)
    const reader = await signIn(t.app, await createUser(t.db))
    expect((await react(reader, id)).json()).toEqual({ Added: true, Counts: { Amen: 1 } })
    const card: Testimony = (await call(t.app, reader, 'GET', `/api/v1/testimonies/${id}`)).json()
    expect(card).toMatchObject({ said_amen: true, amen_count: 1 })
    const authorView: Testimony = (
      await call(t.app, authorCookie, 'GET', `/api/v1/testimonies/${id}`)
    ).json()
    expect(authorView).toMatchObject({ said_amen: false, amen_count: 1 })

    // A replayed "on" stays on; a replayed "off" stays off (the outbox, DESIGN §6).
    expect((await react(reader, id, { Reaction: 'amen', active: true })).json()).toEqual({
      Added: true,
      Counts: { Amen: 1 },
    })
    expect((await react(reader, id)).json()).toEqual({ Added: false, Counts: { Amen: 0 } })
    expect((await react(reader, id, { Reaction: 'amen', active: false })).json()).toEqual({
      Added: false,
      Counts: { Amen: 0 },
    })
    expect(await storedCount(id)).toBe(0)
  })

  it('refuses other reactions, unknown testimonies, and members without a verified email', async () => {
    const { testimony_id: id } = await postTestimony(t.app, authorCookie)
    expect((await react(authorCookie, id, { Reaction: 'like' })).statusCode).toBe(400)
    expect((await react(authorCookie, '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b')).statusCode).toBe(404)
    const unverified = await signIn(t.app, await createUser(t.db, { emailVerified: false }))
    expect((await react(unverified, id)).statusCode).toBe(403)
    expect(await storedCount(id)).toBe(0)
  })

  it('20 members saying Amen at once end with exactly 20, and 20 taking it back with 0', async () => {
    const { testimony_id: id } = await postTestimony(t.app, authorCookie)
    const cookies = await Promise.all(
      Array.from({ length: 20 }, async () => signIn(t.app, await createUser(t.db))),
    )
    const on = await Promise.all(cookies.map((cookie) => react(cookie, id)))
    expect(on.map((response) => response.json().Added)).toEqual(Array(20).fill(true))
    expect(await storedCount(id)).toBe(20)
    const off = await Promise.all(cookies.map((cookie) => react(cookie, id)))
    expect(off.map((response) => response.json().Added)).toEqual(Array(20).fill(false))
    expect(await storedCount(id)).toBe(0)
  })
})

describe('GET /api/v1/testimonies/{id}/reactors', () => {
  it('pages through who said Amen, newest first, without repeats, marking the viewer', async () => {
    const { testimony_id: id } = await postTestimony(t.app, authorCookie)
    const names: string[] = []
    let lastCookie = ''
    for (let i = 0; i < 5; i += 1) {
      const user = await createUser(t.db)
      names.unshift(user.displayName)
      clock = new Date(clock.getTime() + 1000)
      lastCookie = await signIn(t.app, user)
      await react(lastCookie, id)
    }
    const seen: TestimonyReactorPage['items'] = []
    let cursor: string | null = null
    do {
      const query: string = cursor ? `&cursor=${cursor}` : ''
      const page: TestimonyReactorPage = (
        await call(
          t.app,
          lastCookie,
          'GET',
          `/api/v1/testimonies/${id}/reactors?type=amen&limit=2${query}`,
        )
      ).json()
      expect(page.items.length).toBeLessThanOrEqual(2)
      seen.push(...page.items)
      cursor = page.nextCursor
    } while (cursor)
    expect(seen.map((item) => item.displayName)).toEqual(names)
    expect(seen.map((item) => item.isYou)).toEqual([true, false, false, false, false])
  })

  it('answers an empty page for a testimony nobody said Amen to yet', async () => {
    const { testimony_id: id } = await postTestimony(t.app, authorCookie)
    const page = await call(t.app, authorCookie, 'GET', `/api/v1/testimonies/${id}/reactors`)
    expect(page.json()).toEqual({ items: [], nextCursor: null })
  })
})
