import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../tests/helpers/test-app'
import { postIntention } from '../../tests/helpers/wall'
import { call, person, reportIntention, type Person } from '../../tests/helpers/moderation-api'

// Issue 8's access matrix: every moderation call x anonymous, member, the item's author,
// moderator, admin. Each case gets a fresh reported prayer by a fresh author, so destructive
// calls (remove, suspend) do not disturb the next one.
type Actor = 'anonymous' | 'member' | 'author' | 'moderator' | 'admin'
const ACTORS: Actor[] = ['anonymous', 'member', 'author', 'moderator', 'admin']
type Fresh = { intentionId: string; authorId: string; phrase: string }
type Call = (fresh: Fresh) => {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE'
  url: string
  payload?: object
}

// Columns in ACTORS order.
const MATRIX: [string, Call, number[]][] = [
  [
    'GET queue',
    () => ({ method: 'GET', url: '/api/v1/moderation/queue' }),
    [401, 403, 403, 200, 200],
  ],
  [
    'GET resolved queue',
    () => ({ method: 'GET', url: '/api/v1/moderation/queue?status=resolved' }),
    [401, 403, 403, 200, 200],
  ],
  [
    'POST dismiss',
    (f) => ({
      method: 'POST',
      url: `/api/v1/moderation/items/intention/${f.intentionId}/dismiss`,
      payload: {},
    }),
    [401, 403, 403, 204, 204],
  ],
  [
    'POST remove',
    (f) => ({
      method: 'POST',
      url: `/api/v1/moderation/items/intention/${f.intentionId}/remove`,
      payload: { reason: 'Harassment' },
    }),
    [401, 403, 403, 204, 204],
  ],
  [
    'POST restore (held)',
    (f) => ({
      method: 'POST',
      url: `/api/v1/moderation/items/intention/${f.intentionId}/restore`,
      payload: {},
    }),
    [401, 403, 403, 204, 204],
  ],
  [
    'POST suspension',
    (f) => ({
      method: 'POST',
      url: `/api/v1/moderation/users/${f.authorId}/suspension`,
      payload: { days: 7, reason: 'Repeated harassment' },
    }),
    [401, 403, 403, 204, 204],
  ],
  [
    'DELETE suspension',
    (f) => ({ method: 'DELETE', url: `/api/v1/moderation/users/${f.authorId}/suspension` }),
    [401, 403, 403, 204, 204],
  ],
  [
    'GET blocklist',
    () => ({ method: 'GET', url: '/api/v1/moderation/blocklist' }),
    [401, 403, 403, 200, 200],
  ],
  [
    'POST blocklist',
    (f) => ({ method: 'POST', url: '/api/v1/moderation/blocklist', payload: { phrase: f.phrase } }),
    [401, 403, 403, 201, 201],
  ],
  [
    'GET audit',
    () => ({ method: 'GET', url: '/api/v1/moderation/audit' }),
    [401, 403, 403, 403, 200],
  ],
  [
    'GET admin users',
    () => ({ method: 'GET', url: '/api/v1/admin/users' }),
    [401, 403, 403, 403, 200],
  ],
  [
    'PUT admin roles',
    (f) => ({
      method: 'PUT',
      url: `/api/v1/admin/users/${f.authorId}/roles`,
      payload: { moderator: true },
    }),
    [401, 403, 403, 403, 200],
  ],
]

let t: TestApp
let member: Person
let moderator: Person
let admin: Person
let case_ = 0

beforeAll(async () => {
  t = await createTestApp()
  member = await person(t.app)
  moderator = await person(t.app, ['member', 'moderator'])
  admin = await person(t.app, ['member', 'admin'])
})
afterAll(() => t.close())

// A prayer held by three reports, so dismiss and restore have something to do.
async function fresh(): Promise<Fresh & { author: Person }> {
  case_ += 1
  const author = await person(t.app)
  const intention = await postIntention(t.app, author.cookie)
  for (let i = 0; i < 3; i += 1) {
    const reporter = await person(t.app)
    await reportIntention(t.app, reporter.cookie, intention.intention_id)
  }
  return {
    intentionId: intention.intention_id,
    authorId: author.id,
    author,
    phrase: `spamword${case_}`,
  }
}

describe('moderation access matrix', () => {
  for (const [name, build, expected] of MATRIX) {
    it.each(ACTORS.map((actor, index) => [actor, expected[index]!] as const))(
      `${name}: %s → %i`,
      async (actor, status) => {
        const f = await fresh()
        const cookie = {
          anonymous: undefined,
          member: member.cookie,
          author: f.author.cookie,
          moderator: moderator.cookie,
          admin: admin.cookie,
        }[actor]
        const request = build(f)
        const response = await call(t.app, cookie, request.method, request.url, request.payload)
        expect(response.statusCode, response.body).toBe(status)
        if (status === 403) expect(response.json().title).toBe('forbidden')
      },
    )
  }

  it('describes every moderation call in the OpenAPI document', async () => {
    const document = (await call(t.app, undefined, 'GET', '/api/openapi.json')).json()
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        '/api/v1/moderation/queue',
        '/api/v1/moderation/items/{type}/{id}/remove',
        '/api/v1/moderation/users/{userId}/suspension',
        '/api/v1/moderation/blocklist',
        '/api/v1/moderation/audit',
        '/api/v1/admin/users',
        '/api/v1/admin/users/{userId}/roles',
      ]),
    )
  })

  it('never shows reporters to moderators; admins see who reported', async () => {
    const f = await fresh()
    const find = async (cookie: string) => {
      const page = await call(t.app, cookie, 'GET', '/api/v1/moderation/queue?limit=50')
      return page
        .json()
        .items.find((item: { target: { id: string } }) => item.target.id === f.intentionId)
    }
    const seenByModerator = await find(moderator.cookie)
    expect(seenByModerator.reports).toHaveLength(3)
    expect(
      seenByModerator.reports.every((report: { reporter: unknown }) => report.reporter === null),
    ).toBe(true)
    const seenByAdmin = await find(admin.cookie)
    expect(
      seenByAdmin.reports.every(
        (report: { reporter: { displayName: string } | null }) => report.reporter?.displayName,
      ),
    ).toBe(true)
  })
})
