import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../tests/helpers/test-app'
import { createUser, signIn } from '../../tests/helpers/users'
import { insertGroup, postIntention, suspendUser } from '../../tests/helpers/wall'
import { call, commentsUrl, postComment } from '../../tests/helpers/comments-api'

// Spec 001 §6 and DESIGN §4 as a matrix: every comment call x every kind of caller, on a
// private group's prayer (so the outsider row also proves the group's privacy).

type Actor =
  | 'anonymous'
  | 'noProfile'
  | 'unverified'
  | 'suspended'
  | 'member'
  | 'commentAuthor'
  | 'intentionOwner'
  | 'moderator'
  | 'outsider'
type Endpoint = 'list' | 'create' | 'edit' | 'delete' | 'react' | 'reactors' | 'report'

// One line per caller, in the order list, create, edit, delete, react, reactors, report.
function row(...statuses: [number, number, number, number, number, number, number]) {
  const [list, create, edit, remove, react, reactors, report] = statuses
  return { list, create, edit, delete: remove, react, reactors, report }
}

const expected: Record<Actor, Record<Endpoint, number>> = {
  anonymous: row(401, 401, 401, 401, 401, 401, 401),
  noProfile: row(403, 403, 403, 403, 403, 403, 403),
  unverified: row(200, 403, 403, 403, 403, 200, 403),
  suspended: row(200, 403, 403, 403, 403, 200, 403),
  member: row(200, 201, 403, 403, 200, 200, 204),
  commentAuthor: row(200, 201, 200, 204, 200, 200, 204),
  intentionOwner: row(200, 201, 403, 403, 200, 200, 204),
  moderator: row(200, 201, 200, 204, 200, 200, 204),
  outsider: row(404, 404, 404, 404, 404, 404, 404),
}

// The problem code behind each 401/403, so "403" cannot pass for the wrong reason.
const expectedCode: Partial<Record<Actor, string>> = {
  anonymous: 'unauthenticated',
  noProfile: 'onboarding_required',
  unverified: 'email_not_verified',
  suspended: 'suspended',
  member: 'forbidden',
  intentionOwner: 'forbidden',
  outsider: 'not_found',
}

let t: TestApp
let intentionId: string
let commentAuthorCookie: string
const cookies = {} as Record<Exclude<Actor, 'anonymous'>, string>

beforeAll(async () => {
  t = await createTestApp()
  const users = {
    noProfile: await createUser(t.db, { hasProfile: false }),
    unverified: await createUser(t.db, { emailVerified: false }),
    suspended: await createUser(t.db),
    member: await createUser(t.db),
    commentAuthor: await createUser(t.db),
    intentionOwner: await createUser(t.db),
    moderator: await createUser(t.db, { roles: ['moderator'] }),
    outsider: await createUser(t.db),
  }
  const memberIds = Object.entries(users)
    .filter(([actor]) => actor !== 'outsider' && actor !== 'intentionOwner')
    .map(([, user]) => user.id)
  const group = await insertGroup(t.db, [users.intentionOwner.id, ...memberIds])
  // A suspended member reads but does not write (DESIGN §4).
  await suspendUser(t.db, users.suspended.id, new Date(Date.now() + 7 * 24 * 3600_000))
  for (const [actor, user] of Object.entries(users))
    cookies[actor as keyof typeof cookies] = await signIn(t.app, user)
  commentAuthorCookie = cookies.commentAuthor
  const intention = await postIntention(t.app, cookies.intentionOwner, {
    destination: 'private_group',
    group_id: group.id,
  })
  intentionId = intention.intention_id
})
afterAll(() => t.close())

async function request(actor: Actor, endpoint: Endpoint) {
  // A fresh comment per case: edits and deletes must not depend on the order cases run in.
  const comment = await postComment(t.app, commentAuthorCookie, intentionId)
  const url = commentsUrl(intentionId, comment.comment_id)
  const cookie = actor === 'anonymous' ? undefined : cookies[actor]
  switch (endpoint) {
    case 'list':
      return call(t.app, cookie, 'GET', commentsUrl(intentionId))
    case 'create':
      return call(t.app, cookie, 'POST', commentsUrl(intentionId), { content: 'Praying with you.' })
    case 'edit':
      return call(t.app, cookie, 'PATCH', url, {
        content: 'Edited',
        expected_updated_at: comment.updated_at,
      })
    case 'delete':
      return call(t.app, cookie, 'DELETE', url)
    case 'react':
      return call(t.app, cookie, 'POST', `${url}/reactions`, { Reaction: 'amen' })
    case 'reactors':
      return call(t.app, cookie, 'GET', `${url}/reactions?type=amen`)
    case 'report':
      return call(t.app, cookie, 'POST', `${url}/report`, { category: 'inappropriate', note: null })
  }
}

const cases = Object.entries(expected).flatMap(([actor, row]) =>
  Object.entries(row).map(
    ([endpoint, status]) => [actor as Actor, endpoint as Endpoint, status] as const,
  ),
)

describe('who may call what on a private group’s comments', () => {
  it.each(cases)('%s → %s answers %i', async (actor, endpoint, status) => {
    const response = await request(actor, endpoint)
    expect(response.statusCode, response.body).toBe(status)
    const code = expectedCode[actor]
    if (status >= 400 && code) expect(response.json().title).toBe(code)
  })
})
