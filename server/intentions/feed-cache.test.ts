import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Intention } from '@contract/intentions'
import { createTestApp, type TestApp } from '../../tests/helpers/test-app'
import { poolOfAnotherProcess } from '../../tests/helpers/test-db'
import { createUser, signIn, type TestUser } from '../../tests/helpers/users'
import { insertGroup, postIntention } from '../../tests/helpers/wall'
import type { DatabaseHandle } from '../db/client'
import { groupsTable } from '../groups/groups.table'
import { usersTable } from '../users/users.table'
import { FEED_CHANGED_CHANNEL } from './feed-cache'
import { intentionsTable } from './intentions.table'

// Issue 22, ADR 0026: two server processes on one database (on PostgreSQL, B has its own pool,
// as another process would), each with its own feed cache. A page cached for one viewer must
// never show another a card they may not see, and every change must reach both processes: the
// one that wrote before its write resolves, the other a moment after the commit.
let a: TestApp
let b: TestApp
let otherPool: DatabaseHandle
type Person = TestUser & { cookie: string }

// With TEST_REDIS_URL both run as production's processes do, with Redis; the cache itself
// hears of changes from the database either way (ADR 0026).
const env: Record<string, string> = process.env.TEST_REDIS_URL
  ? { REDIS_URL: process.env.TEST_REDIS_URL }
  : {}

beforeAll(async () => {
  a = await createTestApp({ env })
  otherPool = await poolOfAnotherProcess(a.database)
  b = await createTestApp({ env, database: otherPool })
})
afterAll(async () => {
  await b.close()
  if (otherPool !== a.database) await otherPool.close()
  await a.close()
})

async function person(overrides: Parameters<typeof createUser>[1] = {}): Promise<Person> {
  const user = await createUser(a.db, overrides)
  return { ...user, cookie: await signIn(a.app, user) }
}

async function feed(t: TestApp, who: Person, query = ''): Promise<Intention[]> {
  const url = `/api/v1/intentions${query}`
  const response = await t.app.inject({ method: 'GET', url, headers: { cookie: who.cookie } })
  expect(response.statusCode, response.body).toBe(200)
  return (response.json() as { items: Intention[] }).items
}

const card = async (t: TestApp, who: Person, id: string, query = '') =>
  (await feed(t, who, query)).find((item) => item.intention_id === id)
const ids = async (t: TestApp, who: Person, query = '') =>
  (await feed(t, who, query)).map((item) => item.intention_id)
const elsewhere = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: 2_000 })

const call = (who: Person, method: 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  a.app.inject({ method, url, headers: { cookie: who.cookie }, ...(payload ? { payload } : {}) })

/** Both processes hold the page (and each viewer's scope) in their caches. */
async function cachedEverywhere(...viewers: Person[]) {
  for (const t of [a, b]) for (const viewer of viewers) await feed(t, viewer)
}

describe('the feed cache', () => {
  it('serves a page from memory until a change is notified', async () => {
    const author = await person()
    const reader = await person()
    const { intention_id: id } = await postIntention(a.app, author.cookie)
    await cachedEverywhere(reader)
    // A write the triggers do not see (replication role): only the cache can still show the old title.
    await a.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`)
      await tx
        .update(intentionsTable)
        .set({ title: 'Changed behind the cache' })
        .where(eq(intentionsTable.id, id))
    })
    expect((await card(a, reader, id))?.title).not.toBe('Changed behind the cache')
    expect((await card(b, reader, id))?.title).not.toBe('Changed behind the cache')
    await a.db.execute(sql`select pg_notify(${FEED_CHANGED_CHANNEL}, '')`)
    expect((await card(a, reader, id))?.title).toBe('Changed behind the cache')
    await elsewhere(async () => (await card(b, reader, id))?.title).toBe('Changed behind the cache')
  })

  it("never shows a group's card to a viewer outside it, from a page a member's read cached", async () => {
    const member = await person()
    const outsider = await person()
    const elsewhereMember = await person()
    const group = await insertGroup(a.db, [member.id], 'Vigil of the Okonkwos')
    await insertGroup(a.db, [outsider.id, elsewhereMember.id], 'Choir')
    const { intention_id: id } = await postIntention(a.app, member.cookie, {
      destination: 'private_group',
      group_id: group.id,
    })
    for (const query of [
      '',
      '?include_all_statuses=true',
      '?destination=private_group',
      `?group_id=${group.id}`,
    ]) {
      for (const t of [a, b]) {
        expect(await ids(t, member, query)).toContain(id)
        expect(await ids(t, outsider, query)).not.toContain(id)
        expect(await ids(t, elsewhereMember, query)).not.toContain(id)
      }
    }
  })

  it('shows a held card to its author alone, whoever read the page first', async () => {
    const author = await person()
    const reader = await person()
    const { intention_id: id } = await postIntention(a.app, author.cookie)
    // Both viewers' scopes are cached ("no held card of their own") before the hold.
    await cachedEverywhere(author, reader)
    await a.db.update(intentionsTable).set({ heldAt: new Date() }).where(eq(intentionsTable.id, id))
    expect(await card(a, author, id)).toMatchObject({ under_review: true, is_mine: true })
    await elsewhere(async () => (await card(b, author, id))?.under_review).toBe(true)
    for (const t of [a, b]) {
      expect(await ids(t, reader)).not.toContain(id)
      expect(await card(t, author, id)).toMatchObject({ under_review: true, is_mine: true })
      expect(await ids(t, reader)).not.toContain(id)
    }
    // Released: the author's page is the shared one again, and the card is everyone's.
    await a.db.update(intentionsTable).set({ heldAt: null }).where(eq(intentionsTable.id, id))
    expect((await card(a, author, id))?.under_review).toBeUndefined()
    await elsewhere(async () => (await ids(b, reader)).includes(id)).toBe(true)
  })

  it("keeps each viewer's own flags: a page shared by two viewers shows each their own", async () => {
    const author = await person()
    const prayer = await person()
    const other = await person()
    const { intention_id: id } = await postIntention(a.app, author.cookie)
    await cachedEverywhere(author, prayer, other)
    expect((await call(prayer, 'POST', `/api/v1/intentions/${id}/pray`)).statusCode).toBe(200)
    expect(await card(a, prayer, id)).toMatchObject({
      has_prayed: true,
      prayed_count: 1,
      is_mine: false,
    })
    expect(await card(a, other, id)).toMatchObject({
      has_prayed: false,
      prayed_count: 1,
      is_mine: false,
    })
    expect(await card(a, author, id)).toMatchObject({ has_prayed: false, is_mine: true })
    await elsewhere(async () => (await card(b, other, id))?.prayed_count).toBe(1)
    expect(await card(b, prayer, id)).toMatchObject({ has_prayed: true, is_mine: false })
  })

  it('shows every write on the next read here and a moment later on the other process', async () => {
    const author = await person()
    const reader = await person()
    const moderator = await person({ roles: ['member', 'moderator'] })
    const { intention_id: id } = await postIntention(a.app, author.cookie)
    const seenAs = async <T>(read: (t: TestApp) => Promise<T>, expected: T) => {
      expect(await read(a)).toEqual(expected)
      await elsewhere(() => read(b)).toEqual(expected)
    }

    await cachedEverywhere(reader)
    const { intention_id: newer } = await postIntention(a.app, author.cookie)
    await seenAs(async (t) => (await ids(t, reader))[0], newer)

    await cachedEverywhere(reader)
    await call(reader, 'POST', `/api/v1/intentions/${id}/reactions`, { kind: 'amen' })
    await seenAs(async (t) => (await card(t, reader, id))?.amen_count, 1)
    expect((await card(a, reader, id))?.said_amen).toBe(true)

    await cachedEverywhere(reader)
    const comment = await call(reader, 'POST', `/api/v1/intentions/${id}/comments`, {
      content: 'With you in prayer tonight',
    })
    expect(comment.statusCode, comment.body).toBe(201)
    await seenAs(async (t) => (await card(t, reader, id))?.comments_count, 1)

    await cachedEverywhere(reader)
    await a.db
      .update(usersTable)
      .set({ displayName: `Renamed ${author.id.slice(0, 8)}` })
      .where(eq(usersTable.id, author.id))
    await seenAs(
      async (t) => (await card(t, reader, id))?.author_display_name,
      `Renamed ${author.id.slice(0, 8)}`,
    )

    await cachedEverywhere(reader)
    const status = await call(author, 'PATCH', `/api/v1/intentions/${id}/status`, {
      status: 'answered',
    })
    expect(status.statusCode, status.body).toBe(200)
    await seenAs(async (t) => (await ids(t, reader)).includes(id), false)
    await seenAs(async (t) => (await ids(t, reader, '?closed=true')).includes(id), true)

    await cachedEverywhere(reader)
    const removal = await call(
      moderator,
      'POST',
      `/api/v1/moderation/items/intention/${newer}/remove`,
      { reason: 'Spam' },
    )
    expect(removal.statusCode, removal.body).toBe(204)
    await seenAs(async (t) => (await ids(t, reader)).includes(newer), false)
  })

  it("keeps My requests and Needs prayer each viewer's own", async () => {
    const first = await person()
    const second = await person()
    const { intention_id: firstsOwn } = await postIntention(a.app, first.cookie)
    const { intention_id: secondsOwn } = await postIntention(a.app, second.cookie)
    for (const t of [a, b]) {
      expect(await ids(t, first, '?mine=true')).toEqual([firstsOwn])
      expect(await ids(t, second, '?mine=true')).toEqual([secondsOwn])
      const needs = await ids(t, first, '?needs_prayer=true&limit=50')
      expect(needs).toContain(secondsOwn)
      expect(needs).not.toContain(firstsOwn)
      const othersNeeds = await ids(t, second, '?needs_prayer=true&limit=50')
      expect(othersNeeds).toContain(firstsOwn)
      expect(othersNeeds).not.toContain(secondsOwn)
    }
  })

  it('checks a page against the response schema before it is sent or kept', async () => {
    const author = await person()
    const reader = await person()
    const { intention_id: id } = await postIntention(a.app, author.cookie)
    const closure = (reason: string | null) =>
      a.db
        .update(intentionsTable)
        .set({ closureReason: reason as never })
        .where(eq(intentionsTable.id, id))
    await closure('not a closure reason')
    for (let read = 0; read < 2; read += 1) {
      const response = await a.app.inject({
        method: 'GET',
        url: '/api/v1/intentions',
        headers: { cookie: reader.cookie },
      })
      expect(response.statusCode).toBe(500)
    }
    await closure(null)
    expect(await ids(a, reader)).toContain(id)
  })

  it('opens and closes a group as a member joins and leaves it', async () => {
    const founder = await person()
    const joiner = await person()
    const group = await insertGroup(a.db, [founder.id], 'Night watch')
    const { intention_id: id } = await postIntention(a.app, founder.cookie, {
      destination: 'private_group',
      group_id: group.id,
    })
    await cachedEverywhere(founder, joiner)
    expect(await ids(a, joiner)).not.toContain(id)
    const join = await call(joiner, 'POST', '/api/v1/groups/join', { code: group.inviteCode })
    expect(join.statusCode, join.body).toBe(200)
    expect(await ids(a, joiner)).toContain(id)
    await elsewhere(async () => (await ids(b, joiner)).includes(id)).toBe(true)

    await a.db
      .update(groupsTable)
      .set({ name: 'Night watch (renamed)' })
      .where(eq(groupsTable.id, group.id))
    expect((await card(a, joiner, id))?.group_name).toBe('Night watch (renamed)')
    await elsewhere(async () => (await card(b, joiner, id))?.group_name).toBe(
      'Night watch (renamed)',
    )

    const leave = await call(joiner, 'DELETE', `/api/v1/groups/${group.id}/members/me`)
    expect(leave.statusCode, leave.body).toBeLessThan(300)
    expect(await ids(a, joiner)).not.toContain(id)
    await elsewhere(async () => (await ids(b, joiner)).includes(id)).toBe(false)
  })
})
