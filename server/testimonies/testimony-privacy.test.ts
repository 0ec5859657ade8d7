import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ANONYMOUS_AUTHOR_NAME, type Intention } from '@contract/intentions'
import type { Testimony, TestimonyFeed } from '@contract/testimonies'
import { createTestApp, type TestApp } from '../../tests/helpers/test-app'
import { createUser, signIn, type TestUser } from '../../tests/helpers/users'
import { DETAILS, insertGroup, postIntention } from '../../tests/helpers/wall'
import { usersTable } from '../users/users.table'
import { call, markAnswered, postTestimony } from '../../tests/helpers/testimonies-api'
import { testimoniesTable } from './testimonies.table'

// Who may learn what (spec 001 §3, DESIGN §3, §4): anonymous authors stay unnamed, a private
// group's stories stay in the group, removed stories vanish for all but moderators.
let t: TestApp
type Person = TestUser & { cookie: string; lastName: string }
let author: Person
let member: Person
let outsider: Person
let moderator: Person

async function person(overrides: Parameters<typeof createUser>[1] = {}): Promise<Person> {
  const user = await createUser(t.db, overrides)
  const [row] = await t.db.select().from(usersTable).where(eq(usersTable.id, user.id))
  return { ...user, lastName: row!.lastName!, cookie: await signIn(t.app, user) }
}

beforeAll(async () => {
  t = await createTestApp()
  author = await person()
  member = await person()
  outsider = await person()
  moderator = await person({ roles: ['member', 'moderator'] })
})
afterAll(() => t.close())

const get = (who: Person, url: string) => call(t.app, who.cookie, 'GET', url)
const feedOf = async (who: Person): Promise<Testimony[]> =>
  ((await get(who, '/api/v1/testimonies?limit=50')).json() as TestimonyFeed).items
const amen = (who: Person, id: string) =>
  call(t.app, who.cookie, 'POST', `/api/v1/testimonies/${id}/reactions`, { Reaction: 'amen' })

describe('an anonymous testimony', () => {
  it("never sends the author's id, names or email to anyone else, even after the author's own Amen", async () => {
    const created = await postTestimony(t.app, author.cookie, { visibility: 'anonymous' })
    expect(created).toMatchObject({ author_display_name: ANONYMOUS_AUTHOR_NAME, is_mine: true })
    const id = created.testimony_id
    await amen(author, id)
    await amen(member, id)
    for (const who of [member, moderator]) {
      const bodies = [
        (await get(who, '/api/v1/testimonies?limit=50')).body,
        (await get(who, `/api/v1/testimonies/${id}`)).body,
        (await get(who, `/api/v1/testimonies/${id}/reactors?type=amen`)).body,
        (await amen(who, id)).body,
      ]
      for (const body of bodies) {
        for (const secret of [author.id, author.email, author.displayName, author.lastName])
          expect(body).not.toContain(secret)
      }
      expect((await get(who, `/api/v1/testimonies/${id}`)).json()).toMatchObject({
        author_display_name: ANONYMOUS_AUTHOR_NAME,
        is_mine: false,
      })
    }
    // The author still sees their own Amen among the reactors.
    const own = (await get(author, `/api/v1/testimonies/${id}/reactors`)).json()
    expect(own.items).toContainEqual({
      userId: author.id,
      displayName: author.displayName,
      isYou: true,
    })
  })

  it('is not linked, for others, to a prayer that names its author (nor the prayer to it)', async () => {
    const { intention_id: id } = await postIntention(t.app, author.cookie, {
      identity_mode: 'display_name',
    })
    const answered = await markAnswered(t.app, author.cookie, id, {
      testimony_title: 'Quietly grateful',
      testimony_text: DETAILS,
      testimony_visibility: 'anonymous',
    })
    const testimonyId: string = answered.json().testimony_id
    const theirs: Testimony = (await get(member, `/api/v1/testimonies/${testimonyId}`)).json()
    expect(theirs).toMatchObject({ intention_id: null, intention_title: null })
    const card: Intention = (await get(member, `/api/v1/intentions/${id}`)).json()
    expect(card).toMatchObject({ has_testimony: false, testimony_id: null, testimony_title: null })
    expect(JSON.stringify(theirs)).not.toContain(id)
    expect(JSON.stringify(card)).not.toContain(testimonyId)
    // The author sees both ends of the link.
    expect((await get(author, `/api/v1/testimonies/${testimonyId}`)).json().intention_id).toBe(id)
    expect((await get(author, `/api/v1/intentions/${id}`)).json().testimony_id).toBe(testimonyId)
  })

  it('a public testimony does not unmask an anonymous prayer', async () => {
    const { intention_id: id } = await postIntention(t.app, author.cookie, {
      identity_mode: 'anonymous',
    })
    const answered = await markAnswered(t.app, author.cookie, id, {
      testimony_title: 'Named gratitude story',
      testimony_text: DETAILS,
    })
    const testimonyId: string = answered.json().testimony_id
    const theirs: Testimony = (await get(member, `/api/v1/testimonies/${testimonyId}`)).json()
    expect(theirs).toMatchObject({ author_display_name: author.displayName, intention_id: null })
    expect((await get(member, `/api/v1/intentions/${id}`)).json().has_testimony).toBe(false)
  })
})

describe("a private group's testimony", () => {
  it('is 404 to outsiders everywhere, visible to members, and stays in the group when the prayer is deleted', async () => {
    const group = await insertGroup(t.db, [author.id, member.id], 'Hidden vigil')
    // Belonging to another group must not open this one.
    await insertGroup(t.db, [outsider.id, member.id], 'Choir')
    const prayer = await postIntention(t.app, author.cookie, {
      destination: 'private_group',
      group_id: group.id,
    })
    const answered = await markAnswered(t.app, author.cookie, prayer.intention_id, {
      testimony_title: 'Zebediah won his hearing',
      testimony_text: DETAILS,
    })
    const id: string = answered.json().testimony_id
    const probe = async () => {
      expect((await feedOf(outsider)).map((item) => item.testimony_id)).not.toContain(id)
      expect((await get(outsider, `/api/v1/testimonies/${id}`)).statusCode).toBe(404)
      expect((await get(outsider, `/api/v1/testimonies/${id}/reactors`)).statusCode).toBe(404)
      expect((await amen(outsider, id)).statusCode).toBe(404)
      // Moderators are not members either.
      expect((await get(moderator, `/api/v1/testimonies/${id}`)).statusCode).toBe(404)
      expect((await feedOf(member)).map((item) => item.testimony_id)).toContain(id)
    }
    await probe()
    expect((await amen(member, id)).json()).toEqual({ Added: true, Counts: { Amen: 1 } })
    await call(t.app, author.cookie, 'DELETE', `/api/v1/intentions/${prayer.intention_id}`)
    expect((await get(member, `/api/v1/testimonies/${id}`)).json()).toMatchObject({
      intention_id: null,
      title: 'Zebediah won his hearing',
    })
    await probe()
  })
})

describe('a removed testimony', () => {
  it('leaves the feed and the prayer card, is 404 except to moderators, and frees the prayer for a new story', async () => {
    const { intention_id: prayerId } = await postIntention(t.app, author.cookie)
    const answered = await markAnswered(t.app, author.cookie, prayerId, {
      testimony_title: 'A story a moderator removes',
      testimony_text: DETAILS,
    })
    const id: string = answered.json().testimony_id
    await t.db
      .update(testimoniesTable)
      .set({ removedAt: new Date(), removedBy: null })
      .where(eq(testimoniesTable.id, id))
    for (const who of [author, member, moderator])
      expect((await feedOf(who)).map((item) => item.testimony_id)).not.toContain(id)
    expect((await get(member, `/api/v1/testimonies/${id}`)).statusCode).toBe(404)
    expect((await get(author, `/api/v1/testimonies/${id}`)).statusCode).toBe(404)
    expect((await get(moderator, `/api/v1/testimonies/${id}`)).statusCode).toBe(200)
    expect((await amen(moderator, id)).statusCode).toBe(404)
    expect((await get(member, `/api/v1/intentions/${prayerId}`)).json().has_testimony).toBe(false)
    const again = await call(t.app, author.cookie, 'POST', '/api/v1/testimonies', {
      title: 'Told again, more gently',
      text: DETAILS,
      intention_id: prayerId,
    })
    expect(again.statusCode, again.body).toBe(201)
  })
})
