import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { IntentionReactionResponse } from '@contract/intentions'
import type { ReactorPage } from '@contract/reactors'
import { createTestApp, type TestApp } from '../../tests/helpers/test-app'
import { createUser, signIn } from '../../tests/helpers/users'
import { TITLE, postIntention } from '../../tests/helpers/wall'
import { intentionsTable } from './intentions.table'

let clock = new Date('2026-05-10T22:00:00.000Z')
let t: TestApp
let cookie: string
let authorCookie: string

beforeAll(async () => {
  t = await createTestApp({ now: () => clock })
  cookie = await signIn(t.app, await createUser(t.db))
  authorCookie = await signIn(t.app, await createUser(t.db))
})
afterAll(() => t.close())

const post = (url: string, who: string, payload?: object, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { cookie: who, ...headers },
    ...(payload ? { payload } : {}),
  })

describe('pray', () => {
  it('counts one prayer per member per UTC day; has_prayed resets the next day', async () => {
    const { intention_id: id } = await postIntention(t.app, authorCookie)
    const first: IntentionReactionResponse = (
      await post(`/api/v1/intentions/${id}/pray`, cookie)
    ).json()
    expect(first).toMatchObject({ prayed_count: 1, has_prayed: true })
    expect((await post(`/api/v1/intentions/${id}/pray`, cookie)).json()).toEqual(first)
    clock = new Date('2026-05-11T00:30:00.000Z')
    const card = (
      await t.app.inject({ method: 'GET', url: `/api/v1/intentions/${id}`, headers: { cookie } })
    ).json()
    expect(card).toMatchObject({ prayed_count: 1, has_prayed: false })
    expect((await post(`/api/v1/intentions/${id}/pray`, cookie)).json()).toMatchObject({
      prayed_count: 2,
      has_prayed: true,
    })
    // Listed once, however many days they prayed.
    const prayed: ReactorPage = (
      await t.app.inject({
        method: 'GET',
        url: `/api/v1/intentions/${id}/reactions?type=prayed`,
        headers: { cookie },
      })
    ).json()
    expect(prayed.items).toHaveLength(1)
    expect(prayed.items[0]).toMatchObject({ is_you: true })
  })
})

describe('amen and candle', () => {
  it('toggle, or set with `active`, and report both flags and counts', async () => {
    const { intention_id: id } = await postIntention(t.app, authorCookie)
    const url = `/api/v1/intentions/${id}/reactions`
    expect((await post(url, cookie, { kind: 'amen' })).json()).toMatchObject({
      amen_count: 1,
      said_amen: true,
      candle_count: 0,
    })
    expect((await post(url, cookie, { Kind: 'candle' })).json()).toMatchObject({
      candle_count: 1,
      lighted_candle: true,
      said_amen: true,
    })
    expect((await post(url, cookie, { reaction: 'amen' })).json()).toMatchObject({
      amen_count: 0,
      said_amen: false,
    })
    expect((await post(url, cookie, { kind: 'candle', active: true })).json()).toMatchObject({
      candle_count: 1,
      lighted_candle: true,
    })
    expect((await post(url, cookie, { kind: 'amen', active: false })).json()).toMatchObject({
      amen_count: 0,
      said_amen: false,
    })
    expect((await post(url, cookie, { kind: 'amen', Kind: 'candle' })).statusCode).toBe(400)
  })

  // The answer of a write that moved a counter comes from the counter's update (issue 45); a
  // write that changed nothing reads it: both say the same.
  it('answer a change as a read after it does', async () => {
    const { intention_id: id } = await postIntention(t.app, authorCookie)
    const url = `/api/v1/intentions/${id}/reactions`
    for (const who of [cookie, authorCookie]) {
      await post(`/api/v1/intentions/${id}/pray`, who)
      for (const kind of ['amen', 'candle'] as const)
        for (const active of [true, false]) {
          const changed = (await post(url, who, { kind, active })).json()
          expect((await post(url, who, { kind, active })).json()).toEqual(changed)
        }
      const prayed = (await post(`/api/v1/intentions/${id}/pray`, who)).json()
      await post(url, who, { kind: 'candle', active: true })
      expect((await post(url, who, { kind: 'amen', active: false })).json()).toEqual({
        ...prayed,
        candle_count: prayed.candle_count + 1,
        lighted_candle: true,
      })
    }
  })

  it('20 members saying Amen at once end with exactly 20, and 20 taking it back with 0', async () => {
    const { intention_id: id } = await postIntention(t.app, authorCookie)
    const cookies = await Promise.all(
      Array.from({ length: 20 }, async () => signIn(t.app, await createUser(t.db))),
    )
    const url = `/api/v1/intentions/${id}/reactions`
    const on = await Promise.all(cookies.map((who) => post(url, who, { kind: 'amen' })))
    expect(on.map((response) => response.statusCode)).toEqual(Array(20).fill(200))
    const [row] = await t.db.select().from(intentionsTable).where(eq(intentionsTable.id, id))
    expect(row!.amenCount).toBe(20)
    await Promise.all(cookies.map((who) => post(url, who, { kind: 'amen' })))
    const [after] = await t.db.select().from(intentionsTable).where(eq(intentionsTable.id, id))
    expect(after!.amenCount).toBe(0)
  })

  it('pages through who said Amen, newest first, without repeats', async () => {
    const { intention_id: id } = await postIntention(t.app, authorCookie)
    const names: string[] = []
    for (let i = 0; i < 5; i += 1) {
      const user = await createUser(t.db)
      names.unshift(user.displayName)
      clock = new Date(clock.getTime() + 1000)
      await post(`/api/v1/intentions/${id}/reactions`, await signIn(t.app, user), { kind: 'amen' })
    }
    const seen: string[] = []
    let cursor: string | null = null
    do {
      const query: string = cursor ? `&cursor=${cursor}` : ''
      const page: ReactorPage = (
        await t.app.inject({
          method: 'GET',
          url: `/api/v1/intentions/${id}/reactions?type=amen&limit=2${query}`,
          headers: { cookie },
        })
      ).json()
      seen.push(...page.items.map((item) => item.display_name))
      cursor = page.next_cursor
    } while (cursor)
    expect(seen).toEqual(names)
    const candles: ReactorPage = (
      await t.app.inject({
        method: 'GET',
        url: `/api/v1/intentions/${id}/reactions?type=candle`,
        headers: { cookie },
      })
    ).json()
    expect(candles).toEqual({ items: [], next_cursor: null })
  })
})

describe('Idempotency-Key replays', () => {
  it('a replayed create makes one prayer and answers the same', async () => {
    const title = `${TITLE} (sent twice from the outbox)`
    const body = { title, details: 'x'.repeat(80), tags: [], destination: 'public_wall' }
    const headers = { 'idempotency-key': 'create-0001' }
    const first = await post('/api/v1/intentions', cookie, body, headers)
    const again = await post('/api/v1/intentions', cookie, body, headers)
    expect(first.statusCode).toBe(201)
    expect(again.statusCode).toBe(201)
    expect(again.json()).toEqual(first.json())
    expect(
      await t.db.select().from(intentionsTable).where(eq(intentionsTable.title, title)),
    ).toHaveLength(1)
  })

  it('a replayed toggle does not flip back', async () => {
    const { intention_id: id } = await postIntention(t.app, authorCookie)
    const url = `/api/v1/intentions/${id}/reactions`
    const headers = { 'idempotency-key': `toggle-${id}` }
    await post(url, cookie, { kind: 'candle' }, headers)
    const replay = await post(url, cookie, { kind: 'candle' }, headers)
    expect(replay.json()).toMatchObject({ candle_count: 1, lighted_candle: true })
    expect(replay.headers['idempotent-replayed']).toBe('true')
  })
})
