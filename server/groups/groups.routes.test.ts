import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  INVITE_CODE_ALPHABET,
  INVITE_CODE_LENGTH,
  type Group,
  type GroupMember,
} from '@contract/groups'
import { createTestApp, type TestApp } from '../../tests/helpers/test-app'
import { createUser, signIn, type TestUser } from '../../tests/helpers/users'
import { postIntention } from '../../tests/helpers/wall'
import { JOIN_ATTEMPTS_PER_WINDOW } from './groups.routes'

let t: TestApp
type Person = TestUser & { cookie: string }

async function person(): Promise<Person> {
  const user = await createUser(t.db)
  return { ...user, cookie: await signIn(t.app, user) }
}

beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

const call = (who: Person, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie: who.cookie }, ...(payload ? { payload } : {}) })

async function create(who: Person, name = 'Wednesday rosary'): Promise<Group> {
  const response = await call(who, 'POST', '/api/v1/groups', {
    name,
    description: 'We meet after Mass.',
  })
  expect(response.statusCode, response.body).toBe(201)
  return response.json()
}

describe('groups', () => {
  it('the creator is admin and gets a readable invite code; others join with it, typed loosely', async () => {
    const [founder, friend] = [await person(), await person()]
    const group = await create(founder)
    expect(group).toMatchObject({
      name: 'Wednesday rosary',
      description: 'We meet after Mass.',
      role: 'admin',
    })
    expect(group.invite_code).toMatch(
      new RegExp(`^[${INVITE_CODE_ALPHABET}]{${INVITE_CODE_LENGTH}}$`),
    )
    const typed = `${group.invite_code!.slice(0, 4).toLowerCase()}-${group.invite_code!.slice(4)}`
    const joined = await call(friend, 'POST', '/api/v1/groups/join', { code: typed })
    expect(joined.json()).toMatchObject({ id: group.id, role: 'member' })
    expect(
      (await call(friend, 'POST', '/api/v1/groups/join', { code: group.invite_code })).statusCode,
    ).toBe(200)
    const mine: Group[] = (await call(friend, 'GET', '/api/v1/groups/mine')).json()
    expect(mine).toEqual([expect.objectContaining({ id: group.id, name: group.name })])
    const members: GroupMember[] = (
      await call(friend, 'GET', `/api/v1/groups/${group.id}/members`)
    ).json()
    expect(members).toEqual([
      { display_name: founder.displayName, role: 'admin', is_you: false },
      { display_name: friend.displayName, role: 'member', is_you: true },
    ])
  })

  it('answers a wrong code with 404 and the contract message', async () => {
    const response = await call(await person(), 'POST', '/api/v1/groups/join', {
      code: 'ZZZZ-ZZZZ',
    })
    expect(response.statusCode).toBe(404)
    expect(response.json().detail).toBe("That invite code doesn't look right.")
  })

  it('lets members post privately; the My Groups tab lists them', async () => {
    const [founder, friend] = [await person(), await person()]
    const group = await create(founder)
    await call(friend, 'POST', '/api/v1/groups/join', { code: group.invite_code })
    const prayer = await postIntention(t.app, friend.cookie, {
      destination: 'private_group',
      group_id: group.id,
    })
    const tab = (await call(founder, 'GET', '/api/v1/intentions?destination=private_group')).json()
    expect(tab.items.map((item: { intention_id: string }) => item.intention_id)).toEqual([
      prayer.intention_id,
    ])
  })

  it('when the last admin leaves, the longest-standing member becomes admin', async () => {
    const [founder, first, second] = [await person(), await person(), await person()]
    const group = await create(founder)
    await call(first, 'POST', '/api/v1/groups/join', { code: group.invite_code })
    await call(second, 'POST', '/api/v1/groups/join', { code: group.invite_code })
    expect(
      (await call(founder, 'DELETE', `/api/v1/groups/${group.id}/members/me`)).statusCode,
    ).toBe(204)
    const members: GroupMember[] = (
      await call(second, 'GET', `/api/v1/groups/${group.id}/members`)
    ).json()
    expect(members.map((member) => [member.display_name, member.role])).toEqual([
      [first.displayName, 'admin'],
      [second.displayName, 'member'],
    ])
    expect((await call(founder, 'GET', `/api/v1/groups/${group.id}/members`)).statusCode).toBe(404)
  })

  it('the last member leaving deletes the group and its prayers', async () => {
    const founder = await person()
    const group = await create(founder)
    const prayer = await postIntention(t.app, founder.cookie, {
      destination: 'private_group',
      group_id: group.id,
    })
    expect(
      (await call(founder, 'DELETE', `/api/v1/groups/${group.id}/members/me`)).statusCode,
    ).toBe(204)
    expect(
      (await call(founder, 'POST', '/api/v1/groups/join', { code: group.invite_code })).statusCode,
    ).toBe(404)
    expect(
      (await call(founder, 'GET', `/api/v1/intentions/${prayer.intention_id}`)).statusCode,
    ).toBe(404)
  })

  it('limits invite-code attempts so codes cannot be guessed (429 after 10 in 15 minutes)', async () => {
    const guesser = await person()
    const group = await create(await person())
    for (let i = 0; i < JOIN_ATTEMPTS_PER_WINDOW; i += 1) {
      await call(guesser, 'POST', '/api/v1/groups/join', { code: 'ZZZZ-ZZZZ' })
    }
    const blocked = await call(guesser, 'POST', '/api/v1/groups/join', { code: group.invite_code })
    expect(blocked.statusCode).toBe(429)
    // Another member is not held back by the guesser.
    expect(
      (await call(await person(), 'POST', '/api/v1/groups/join', { code: group.invite_code }))
        .statusCode,
    ).toBe(200)
  })

  it('validates the name with the contract message', async () => {
    const response = await call(await person(), 'POST', '/api/v1/groups', { name: 'ab' })
    expect(response.statusCode).toBe(400)
    expect(response.json().detail).toContain('Group name must be 3 to 60 characters.')
  })
})
