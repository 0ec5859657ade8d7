import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { COMMENT_SERVER_MESSAGES, type Comment, type CommentPage } from '@contract/comments'
import { CONTENT_POLICY_MESSAGE } from '@contract/content-policy'
import type { Intention } from '@contract/intentions'
import { createTestApp, type TestApp } from '../../tests/helpers/test-app'
import { createUser, signIn, type TestUser } from '../../tests/helpers/users'
import { postIntention } from '../../tests/helpers/wall'
import { COMMENT_NOT_FOUND, STALE_COMMENT } from './comment-access'
import { commentsTable } from './comments.table'
import { call, commentsUrl, postComment } from '../../tests/helpers/comments-api'

// A clock the tests move by hand: edits within one millisecond must still conflict.
let clock = new Date('2026-03-02T09:00:00.000Z')
let t: TestApp
let author: TestUser
let authorCookie: string
let ownerCookie: string
let moderatorCookie: string

beforeAll(async () => {
  t = await createTestApp({ now: () => clock })
  author = await createUser(t.db)
  authorCookie = await signIn(t.app, author)
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

describe('posting a comment', () => {
  it('shows it to everyone under the author’s display name and counts it on the prayer', async () => {
    const intention = await postIntention(t.app, ownerCookie)
    const created = await postComment(
      t.app,
      authorCookie,
      intention.intention_id,
      '  Holding you in prayer tonight.  ',
    )
    expect(created).toMatchObject({
      content: 'Holding you in prayer tonight.',
      author_display_name: author.displayName,
      likes: 0,
      amens: 0,
      isYou: true,
      is_op: false,
      has_reported: false,
    })
    expect(created.support).toBeUndefined()
    const seenByOwner = await listAs(ownerCookie, intention.intention_id)
    expect(seenByOwner).toEqual([{ ...created, isYou: false }])
    expect(await commentsCount(intention.intention_id)).toBe(1)
  })

  it.each([
    ['empty', '', COMMENT_SERVER_MESSAGES.required],
    ['only spaces', '   \n ', COMMENT_SERVER_MESSAGES.required],
    ['201 characters', 'a'.repeat(201), COMMENT_SERVER_MESSAGES.tooLong],
    ['201 characters inside spaces', `  ${'b'.repeat(201)}  `, COMMENT_SERVER_MESSAGES.tooLong],
  ])('refuses %s with the spec’s message and stores nothing', async (_, content, message) => {
    const intention = await postIntention(t.app, ownerCookie)
    const response = await call(t.app, authorCookie, 'POST', commentsUrl(intention.intention_id), {
      content,
    })
    expect(response.statusCode).toBe(400)
    expect(response.json().errors).toEqual([{ field: 'content', message }])
    expect(await commentsCount(intention.intention_id)).toBe(0)
  })

  it.each([
    ['1 character after trimming', '  a  ', 'a'],
    ['200 characters', 'c'.repeat(200), 'c'.repeat(200)],
    ['200 characters inside spaces', `   ${'d'.repeat(200)}   `, 'd'.repeat(200)],
  ])('accepts %s', async (_, content, stored) => {
    const intention = await postIntention(t.app, ownerCookie)
    expect((await postComment(t.app, authorCookie, intention.intention_id, content)).content).toBe(
      stored,
    )
  })

  it('refuses a content-policy violation with 422 and the spec’s message', async () => {
    const intention = await postIntention(t.app, ownerCookie)
    const response = await call(t.app, authorCookie, 'POST', commentsUrl(intention.intention_id), {
      content: 'what a load of sh1t',
    })
    expect(response.statusCode).toBe(422)
    expect(response.json()).toMatchObject({
      title: 'content_policy',
      detail: CONTENT_POLICY_MESSAGE,
    })
    expect(await listAs(ownerCookie, intention.intention_id)).toEqual([])
  })

  it('posts once when the outbox replays it with the same Idempotency-Key', async () => {
    const intention = await postIntention(t.app, ownerCookie)
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: commentsUrl(intention.intention_id),
        headers: { cookie: authorCookie, 'idempotency-key': 'offline-comment-1' },
        payload: { content: 'Written on the train' },
      })
    const first = await send()
    const replay = await send()
    expect([first.statusCode, replay.statusCode]).toEqual([201, 201])
    expect(replay.json()).toEqual(first.json())
    expect(await listAs(ownerCookie, intention.intention_id)).toHaveLength(1)
    expect(await commentsCount(intention.intention_id)).toBe(1)
  })

  it('posts a comment that signals crisis and answers with where to find help', async () => {
    const intention = await postIntention(t.app, ownerCookie)
    const created = await postComment(
      t.app,
      authorCookie,
      intention.intention_id,
      'Some days I want to die too. Praying.',
    )
    expect(created.support?.resources.length).toBeGreaterThan(0)
    expect(await commentsCount(intention.intention_id)).toBe(1)
  })
})

describe('editing a comment', () => {
  it('saves the author’s edit and answers 409 to an edit made from a stale copy', async () => {
    const intention = await postIntention(t.app, ownerCookie)
    const created = await postComment(t.app, authorCookie, intention.intention_id, 'First words')
    const url = commentsUrl(intention.intention_id, created.comment_id)

    // Same millisecond as the post: the new version must still differ from the old one.
    const first = await call(t.app, authorCookie, 'PATCH', url, {
      content: 'Second words',
      expected_updated_at: created.updated_at,
    })
    expect(first.statusCode, first.body).toBe(200)
    const edited = first.json<Comment>()
    expect(edited.content).toBe('Second words')
    expect(edited.updated_at).not.toBe(created.updated_at)

    const stale = await call(t.app, authorCookie, 'PATCH', url, {
      content: 'Third words',
      expected_updated_at: created.updated_at,
    })
    expect(stale.statusCode).toBe(409)
    expect(stale.json()).toMatchObject({ title: 'conflict', detail: STALE_COMMENT })
    expect((await listAs(ownerCookie, intention.intention_id))[0]?.content).toBe('Second words')

    clock = new Date(clock.getTime() + 60_000)
    const fresh = await call(t.app, authorCookie, 'PATCH', url, {
      content: 'Third words',
      expected_updated_at: edited.updated_at,
    })
    expect(fresh.statusCode).toBe(200)
    expect(fresh.json<Comment>().updated_at).toBe(clock.toISOString())
  })

  it('lets a moderator edit, and refuses an edit that breaks the content policy', async () => {
    const intention = await postIntention(t.app, ownerCookie)
    const created = await postComment(t.app, authorCookie, intention.intention_id)
    const url = commentsUrl(intention.intention_id, created.comment_id)
    const rude = await call(t.app, authorCookie, 'PATCH', url, {
      content: 'f*ck this',
      expected_updated_at: created.updated_at,
    })
    expect(rude.statusCode).toBe(422)
    const byModerator = await call(t.app, moderatorCookie, 'PATCH', url, {
      content: 'Edited by a moderator',
      expected_updated_at: created.updated_at,
    })
    expect(byModerator.statusCode).toBe(200)
    // The moderator's edit keeps the author: it is still the author's comment.
    expect(byModerator.json<Comment>()).toMatchObject({
      author_display_name: author.displayName,
      isYou: false,
    })
  })
})

describe('deleting a comment', () => {
  it('the author’s delete erases it and takes it off the count', async () => {
    const intention = await postIntention(t.app, ownerCookie)
    const created = await postComment(t.app, authorCookie, intention.intention_id)
    const url = commentsUrl(intention.intention_id, created.comment_id)
    expect((await call(t.app, authorCookie, 'DELETE', url)).statusCode).toBe(204)
    expect(await listAs(authorCookie, intention.intention_id)).toEqual([])
    expect(await commentsCount(intention.intention_id)).toBe(0)
    expect(
      await t.db.select().from(commentsTable).where(eq(commentsTable.id, created.comment_id)),
    ).toEqual([])
    const again = await call(t.app, authorCookie, 'DELETE', url)
    expect(again.statusCode).toBe(404)
    expect(again.json().detail).toBe(COMMENT_NOT_FOUND)
    expect(await commentsCount(intention.intention_id)).toBe(0)
  })

  it('a moderator’s removal hides it from everyone, moderators too, but keeps it for audit', async () => {
    const intention = await postIntention(t.app, ownerCookie)
    const kept = await postComment(t.app, ownerCookie, intention.intention_id, 'Amen to that.')
    const created = await postComment(t.app, authorCookie, intention.intention_id)
    const url = commentsUrl(intention.intention_id, created.comment_id)
    expect((await call(t.app, moderatorCookie, 'DELETE', url)).statusCode).toBe(204)
    for (const cookie of [authorCookie, ownerCookie, moderatorCookie]) {
      expect((await listAs(cookie, intention.intention_id)).map((c) => c.comment_id)).toEqual([
        kept.comment_id,
      ])
    }
    expect(await commentsCount(intention.intention_id)).toBe(1)
    const [row] = await t.db
      .select()
      .from(commentsTable)
      .where(eq(commentsTable.id, created.comment_id))
    expect(row?.removedAt).toEqual(clock)
    const edit = await call(t.app, authorCookie, 'PATCH', url, {
      content: 'Back again',
      expected_updated_at: created.updated_at,
    })
    expect(edit.statusCode).toBe(404)
    expect((await call(t.app, moderatorCookie, 'DELETE', url)).statusCode).toBe(404)
    expect(await commentsCount(intention.intention_id)).toBe(1)
  })
})
