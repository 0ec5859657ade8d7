import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../tests/helpers/test-app'
import { createUser, signIn } from '../../tests/helpers/users'
import { insertGroup, intentionInput, postIntention, suspendUser } from '../../tests/helpers/wall'

// Issue 4's permission matrix: every wall endpoint x every kind of caller, on a prayer posted
// to a private group. Each case gets a fresh group and prayer, so destructive calls (delete,
// leave) do not disturb the next one.
type Actor =
  | 'anonymous'
  | 'noProfile'
  | 'unverified'
  | 'suspended'
  | 'member'
  | 'owner'
  | 'moderator'
  | 'outsider'
type Fresh = { intentionId: string; groupId: string; updatedAt: string; inviteCode: string }
type Call = (fresh: Fresh) => {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE'
  url: string
  payload?: object
}

const ACTORS: Actor[] = [
  'anonymous',
  'noProfile',
  'unverified',
  'suspended',
  'member',
  'owner',
  'moderator',
  'outsider',
]

// Columns in ACTORS order.
const MATRIX: [string, Call, number[]][] = [
  [
    'GET feed',
    () => ({ method: 'GET', url: '/api/v1/intentions' }),
    [401, 403, 200, 200, 200, 200, 200, 200],
  ],
  [
    'GET details',
    (f) => ({ method: 'GET', url: `/api/v1/intentions/${f.intentionId}` }),
    [401, 403, 200, 200, 200, 200, 200, 404],
  ],
  [
    'POST create in the group',
    (f) => ({
      method: 'POST',
      url: '/api/v1/intentions',
      payload: intentionInput({ destination: 'private_group', group_id: f.groupId }),
    }),
    [401, 403, 403, 403, 201, 201, 201, 404],
  ],
  [
    'PATCH edit',
    (f) => ({
      method: 'PATCH',
      url: `/api/v1/intentions/${f.intentionId}`,
      payload: {
        title: intentionInput().title,
        details: intentionInput().details,
        tags: [],
        expected_updated_at: f.updatedAt,
      },
    }),
    [401, 403, 403, 403, 403, 200, 200, 404],
  ],
  [
    'DELETE',
    (f) => ({ method: 'DELETE', url: `/api/v1/intentions/${f.intentionId}` }),
    [401, 403, 403, 403, 403, 204, 204, 404],
  ],
  [
    'PATCH status',
    (f) => ({
      method: 'PATCH',
      url: `/api/v1/intentions/${f.intentionId}/status`,
      payload: { status: 'answered' },
    }),
    [401, 403, 403, 403, 403, 200, 200, 404],
  ],
  [
    'POST pray',
    (f) => ({ method: 'POST', url: `/api/v1/intentions/${f.intentionId}/pray` }),
    [401, 403, 403, 403, 200, 200, 200, 404],
  ],
  [
    'POST reactions',
    (f) => ({
      method: 'POST',
      url: `/api/v1/intentions/${f.intentionId}/reactions`,
      payload: { kind: 'amen' },
    }),
    [401, 403, 403, 403, 200, 200, 200, 404],
  ],
  [
    'GET reactors',
    (f) => ({ method: 'GET', url: `/api/v1/intentions/${f.intentionId}/reactions?type=amen` }),
    [401, 403, 200, 200, 200, 200, 200, 404],
  ],
  [
    'POST report',
    (f) => ({
      method: 'POST',
      url: `/api/v1/intentions/${f.intentionId}/report`,
      payload: { category: 'spam' },
    }),
    [401, 403, 403, 403, 204, 204, 204, 404],
  ],
  [
    'GET tags',
    () => ({ method: 'GET', url: '/api/v1/tags?limit=10' }),
    [401, 403, 200, 200, 200, 200, 200, 200],
  ],
  [
    'POST group',
    () => ({ method: 'POST', url: '/api/v1/groups', payload: { name: 'Night watch' } }),
    [401, 403, 403, 403, 201, 201, 201, 201],
  ],
  [
    'GET my groups',
    () => ({ method: 'GET', url: '/api/v1/groups/mine' }),
    [401, 403, 200, 200, 200, 200, 200, 200],
  ],
  [
    'GET group members',
    (f) => ({ method: 'GET', url: `/api/v1/groups/${f.groupId}/members` }),
    [401, 403, 200, 200, 200, 200, 200, 404],
  ],
  [
    'POST join group',
    (f) => ({ method: 'POST', url: '/api/v1/groups/join', payload: { code: f.inviteCode } }),
    [401, 403, 403, 403, 200, 200, 200, 200],
  ],
  [
    'DELETE leave group',
    (f) => ({ method: 'DELETE', url: `/api/v1/groups/${f.groupId}/members/me` }),
    [401, 403, 204, 204, 204, 204, 204, 404],
  ],
]

let t: TestApp
const users = {} as Record<Exclude<Actor, 'anonymous'>, { id: string; cookie: string }>
// The owner posts a fresh prayer for every call, over a hundred: three minutes pass between them,
// so the matrix stays inside a member's hourly limit on prayer requests (issue 37).
let clock = Date.now()

beforeAll(async () => {
  t = await createTestApp({ now: () => new Date(clock) })
  const make = async (
    actor: Exclude<Actor, 'anonymous'>,
    overrides: Parameters<typeof createUser>[1] = {},
  ) => {
    const user = await createUser(t.db, overrides)
    users[actor] = { id: user.id, cookie: await signIn(t.app, user) }
  }
  await make('noProfile', { hasProfile: false })
  await make('unverified', { emailVerified: false })
  await make('suspended')
  await make('member')
  await make('owner')
  await make('moderator', { roles: ['member', 'moderator'] })
  await make('outsider')
  await suspendUser(t.db, users.suspended.id, new Date(clock + 86_400_000))
})

afterAll(() => t.close())

async function fresh(): Promise<Fresh> {
  const everyoneButOutsider = (
    ['owner', 'noProfile', 'unverified', 'suspended', 'member', 'moderator'] as const
  ).map((actor) => users[actor].id)
  clock += 3 * 60 * 1000
  const group = await insertGroup(t.db, everyoneButOutsider)
  const intention = await postIntention(t.app, users.owner.cookie, {
    destination: 'private_group',
    group_id: group.id,
  })
  return {
    intentionId: intention.intention_id,
    groupId: group.id,
    updatedAt: intention.updated_at,
    inviteCode: group.inviteCode,
  }
}

describe('wall permission matrix (private-group prayer)', () => {
  for (const [name, call, expected] of MATRIX) {
    it(`${name}: ${ACTORS.map((actor, i) => `${actor} ${expected[i]}`).join(', ')}`, async () => {
      const actual: number[] = []
      for (const actor of ACTORS) {
        const request = call(await fresh())
        const response = await t.app.inject({
          ...request,
          headers: actor === 'anonymous' ? {} : { cookie: users[actor].cookie },
        })
        actual.push(response.statusCode)
      }
      expect(Object.fromEntries(ACTORS.map((actor, i) => [actor, actual[i]]))).toEqual(
        Object.fromEntries(ACTORS.map((actor, i) => [actor, expected[i]])),
      )
    })
  }

  it('names the reason: suspended writes answer `suspended`, unverified `email_not_verified`', async () => {
    const { intentionId } = await fresh()
    const suspended = await t.app.inject({
      method: 'POST',
      url: `/api/v1/intentions/${intentionId}/pray`,
      headers: { cookie: users.suspended.cookie },
    })
    expect(suspended.json()).toMatchObject({ status: 403, title: 'suspended' })
    const unverified = await t.app.inject({
      method: 'POST',
      url: `/api/v1/intentions/${intentionId}/pray`,
      headers: { cookie: users.unverified.cookie },
    })
    expect(unverified.json()).toMatchObject({ status: 403, title: 'email_not_verified' })
  })
})
