import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { CommentPage } from '@contract/comments'
import type { Intention } from '@contract/intentions'
import { createTestApp, type TestApp } from '../../tests/helpers/test-app'
import { createUser, signIn } from '../../tests/helpers/users'
import { postIntention } from '../../tests/helpers/wall'
import { COMMENTS_CLOSED } from './comment-access'
import {
  call,
  commentsUrl,
  postComment,
  setIntentionStatus,
} from '../../tests/helpers/comments-api'

// What the prayer's own state (removed, closed) does to its comments (spec 001 §4, DESIGN §3).

let t: TestApp
let authorCookie: string
let ownerCookie: string
let moderatorCookie: string

beforeAll(async () => {
  t = await createTestApp()
  authorCookie = await signIn(t.app, await createUser(t.db))
  ownerCookie = await signIn(t.app, await createUser(t.db))
  moderatorCookie = await signIn(t.app, await createUser(t.db, { roles: ['moderator'] }))
})
afterAll(() => t.close())

async function commentsCount(intentionId: string) {
  const response = await call(t.app, ownerCookie, 'GET', `/api/v1/intentions/${intentionId}`)
  return response.json<Intention>().comments_count
}

async function listAs(cookie: string, intentionId: string) {
  const response = await call(t.app, cookie, 'GET', commentsUrl(intentionId))
  expect(response.statusCode, response.body).toBe(200)
  return response.json<CommentPage>().items
}

describe('a prayer a moderator removed', () => {
  it('takes its thread away from members; the moderator may still read it but nobody responds', async () => {
    const intention = await postIntention(t.app, ownerCookie)
    const comment = await postComment(t.app, authorCookie, intention.intention_id)
    const id = intention.intention_id
    const removal = await call(t.app, moderatorCookie, 'DELETE', `/api/v1/intentions/${id}`)
    expect(removal.statusCode).toBe(204)

    expect((await call(t.app, authorCookie, 'GET', commentsUrl(id))).statusCode).toBe(404)
    expect((await listAs(moderatorCookie, id)).map((c) => c.comment_id)).toEqual([
      comment.comment_id,
    ])
    for (const cookie of [authorCookie, moderatorCookie]) {
      const post = await call(t.app, cookie, 'POST', commentsUrl(id), { content: 'Still here?' })
      expect(post.statusCode).toBe(404)
      const like = await call(
        t.app,
        cookie,
        'POST',
        `${commentsUrl(id, comment.comment_id)}/reactions`,
        {
          Reaction: 'like',
        },
      )
      expect(like.statusCode).toBe(404)
    }
  })
})

describe('a closed prayer', () => {
  it('keeps its comments readable and reportable, refuses new ones and changes with 423', async () => {
    const intention = await postIntention(t.app, ownerCookie)
    const created = await postComment(t.app, authorCookie, intention.intention_id)
    const other = await postComment(
      t.app,
      authorCookie,
      intention.intention_id,
      'Another word of hope',
    )
    await setIntentionStatus(t.app, ownerCookie, intention.intention_id, 'answered')
    const id = intention.intention_id
    const url = commentsUrl(id, created.comment_id)

    const refused = [
      await call(t.app, authorCookie, 'POST', commentsUrl(id), { content: 'Late comment' }),
      await call(t.app, authorCookie, 'PATCH', url, {
        content: 'Late edit',
        expected_updated_at: created.updated_at,
      }),
      await call(t.app, authorCookie, 'DELETE', url),
      await call(t.app, ownerCookie, 'POST', `${url}/reactions`, { Reaction: 'like' }),
    ]
    for (const response of refused) {
      expect(response.statusCode).toBe(423)
      expect(response.json().title).toBe('closed')
    }
    expect(refused[1]!.json().detail).toBe(COMMENTS_CLOSED)
    expect(await listAs(ownerCookie, id)).toHaveLength(2)
    expect(
      (await call(t.app, ownerCookie, 'POST', `${url}/report`, { category: 'spam' })).statusCode,
    ).toBe(204)
    // Closing a prayer must not shield what was posted before: moderators still remove.
    expect(
      (await call(t.app, moderatorCookie, 'DELETE', commentsUrl(id, other.comment_id))).statusCode,
    ).toBe(204)
    expect(await commentsCount(id)).toBe(1)

    await setIntentionStatus(t.app, ownerCookie, id, 'active')
    await postComment(t.app, authorCookie, id, 'Reopened, praying again')
  })
})
