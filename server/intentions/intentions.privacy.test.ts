import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ANONYMOUS_AUTHOR_NAME } from '@contract/intentions'
import { createTestApp, type TestApp } from '../../tests/helpers/test-app'
import { createUser, signIn, type TestUser } from '../../tests/helpers/users'
import { insertGroup, postIntention } from '../../tests/helpers/wall'
import { usersTable } from '../users/users.table'

let t: TestApp
type Person = TestUser & { cookie: string }
let author: Person
let member: Person
let outsider: Person
let moderator: Person

async function person(overrides: Parameters<typeof createUser>[1] = {}): Promise<Person> {
  const user = await createUser(t.db, overrides)
  return { ...user, cookie: await signIn(t.app, user) }
}

beforeAll(async () => {
  t = await createTestApp()
  author = await person()
  member = await person()
  outsider = await person()
  moderator = await person({ roles: ['member', 'moderator'] })
})
afterAll(() => t.close())

const call = (
  who: Person,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  payload?: object,
) => t.app.inject({ method, url, headers: { cookie: who.cookie }, ...(payload ? { payload } : {}) })

describe('a private group prayer', () => {
  it('leaves no trace for an outsider through any endpoint', async () => {
    const group = await insertGroup(t.db, [author.id, member.id], 'Secret vigil of the Hendersons')
    // Belonging to some other group must not open this one.
    await insertGroup(t.db, [outsider.id, member.id], 'Choir')
    const secretTitle = 'Zebediah needs prayer for his court hearing'
    const prayer = await postIntention(t.app, author.cookie, {
      title: secretTitle,
      tags: ['zebediah court'],
      destination: 'private_group',
      group_id: group.id,
    })
    await call(member, 'POST', `/api/v1/intentions/${prayer.intention_id}/pray`)
    const id = prayer.intention_id
    const probes: [string, Awaited<ReturnType<typeof call>>][] = []
    const probe = async (
      method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
      url: string,
      payload?: object,
    ) => {
      const response = await call(outsider, method, url, payload)
      probes.push([`${method} ${url}`, response])
      return response
    }
    for (const query of [
      '',
      '?include_all_statuses=true',
      '?destination=private_group',
      `?group_id=${group.id}`,
      '?tag=zebediah%20court',
    ]) {
      const feed = await probe('GET', `/api/v1/intentions${query}`)
      expect(feed.statusCode).toBe(200)
      expect(
        feed.json().items.map((item: { intention_id: string }) => item.intention_id),
      ).not.toContain(id)
    }
    for (const [method, url, payload] of [
      ['GET', `/api/v1/intentions/${id}`],
      ['GET', `/api/v1/intentions/${id}/reactions?type=prayed`],
      ['GET', `/api/v1/intentions/${id}/reactions?type=amen`],
      ['POST', `/api/v1/intentions/${id}/pray`],
      ['POST', `/api/v1/intentions/${id}/reactions`, { kind: 'amen' }],
      ['POST', `/api/v1/intentions/${id}/report`, { category: 'spam' }],
      ['PATCH', `/api/v1/intentions/${id}/status`, { status: 'answered' }],
      ['DELETE', `/api/v1/intentions/${id}`],
      ['GET', `/api/v1/groups/${group.id}/members`],
    ] as const) {
      expect((await probe(method, url, payload)).statusCode, `${method} ${url}`).toBe(404)
    }
    await probe('GET', '/api/v1/tags?limit=10')
    expect((await probe('GET', '/api/v1/tags?search=zeb&limit=8')).json()).toEqual([])
    for (const [name, response] of probes) {
      for (const secret of [secretTitle, 'zebediah', group.name]) {
        expect(response.body.toLowerCase(), name).not.toContain(secret.toLowerCase())
      }
    }
    // Members see all of it, tag included.
    expect((await call(member, 'GET', `/api/v1/intentions/${id}`)).json()).toMatchObject({
      title: secretTitle,
      group_name: group.name,
    })
    expect((await call(member, 'GET', '/api/v1/tags?search=zeb&limit=8')).json()).toEqual([
      'zebediah court',
    ])
  })

  it('shows a real name only to the members who can open it', async () => {
    const group = await insertGroup(t.db, [author.id, member.id])
    const [names] = await t.db.select().from(usersTable).where(eq(usersTable.id, author.id))
    const prayer = await postIntention(t.app, author.cookie, {
      destination: 'private_group',
      group_id: group.id,
      identity_mode: 'real_name',
    })
    const seen = (await call(member, 'GET', `/api/v1/intentions/${prayer.intention_id}`)).json()
    expect(seen.author_display_name).toBe(`${names!.firstName} ${names!.lastName}`)
    expect(
      (await call(outsider, 'GET', `/api/v1/intentions/${prayer.intention_id}`)).statusCode,
    ).toBe(404)
  })
})

describe('an anonymous prayer', () => {
  it("never sends the author's id, names or email to anyone else, even when the author responds", async () => {
    const [names] = await t.db.select().from(usersTable).where(eq(usersTable.id, author.id))
    const prayer = await postIntention(t.app, author.cookie, { identity_mode: 'anonymous' })
    const id = prayer.intention_id
    expect(prayer).toMatchObject({ author_display_name: ANONYMOUS_AUTHOR_NAME, is_mine: true })
    await call(author, 'POST', `/api/v1/intentions/${id}/pray`)
    await call(author, 'POST', `/api/v1/intentions/${id}/reactions`, { kind: 'amen' })
    await call(member, 'POST', `/api/v1/intentions/${id}/reactions`, { kind: 'amen' })
    const secrets = [
      author.id,
      author.displayName,
      author.email,
      `${names!.firstName} ${names!.lastName}`,
    ]
    for (const viewer of [member, outsider, moderator]) {
      const feed = await call(viewer, 'GET', '/api/v1/intentions?limit=50')
      const card = feed
        .json()
        .items.find((item: { intention_id: string }) => item.intention_id === id)
      expect(card).toMatchObject({ author_display_name: ANONYMOUS_AUTHOR_NAME, is_mine: false })
      for (const secret of secrets) expect(JSON.stringify(card)).not.toContain(secret)
      const responses = [
        await call(viewer, 'GET', `/api/v1/intentions/${id}`),
        await call(viewer, 'GET', `/api/v1/intentions/${id}/reactions?type=prayed`),
        await call(viewer, 'GET', `/api/v1/intentions/${id}/reactions?type=amen`),
        await call(viewer, 'POST', `/api/v1/intentions/${id}/pray`),
      ]
      for (const response of responses) {
        expect(response.statusCode).toBe(200)
        for (const secret of secrets) expect(response.body).not.toContain(secret)
      }
      expect(responses[0]!.json()).toMatchObject({
        author_display_name: ANONYMOUS_AUTHOR_NAME,
        is_mine: false,
      })
    }
    // The counts still include the author's own responses.
    expect((await call(member, 'GET', `/api/v1/intentions/${id}`)).json()).toMatchObject({
      amen_count: 2,
    })
    const amens = (await call(member, 'GET', `/api/v1/intentions/${id}/reactions?type=amen`)).json()
    expect(amens.items).toEqual([
      expect.objectContaining({ display_name: member.displayName, is_you: true }),
    ])
  })
})
