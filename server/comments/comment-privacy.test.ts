import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { CommentPage } from '@contract/comments'
import { ANONYMOUS_AUTHOR_NAME } from '@contract/intentions'
import { REPORT_MESSAGES } from '@contract/reports'
import type { ReactorPage } from '@contract/reactors'
import { createTestApp, type TestApp } from '../../tests/helpers/test-app'
import { createUser, signIn, type TestUser } from '../../tests/helpers/users'
import { insertGroup, postIntention } from '../../tests/helpers/wall'
import { usersTable } from '../users/users.table'
import { call, commentsUrl, postComment } from '../../tests/helpers/comments-api'

let t: TestApp
let op: TestUser
let opCookie: string
let reader: TestUser
let readerCookie: string

beforeAll(async () => {
  t = await createTestApp()
  op = await createUser(t.db)
  opCookie = await signIn(t.app, op)
  reader = await createUser(t.db)
  readerCookie = await signIn(t.app, reader)
})
afterAll(() => t.close())

async function listAs(cookie: string, intentionId: string) {
  const response = await call(t.app, cookie, 'GET', commentsUrl(intentionId))
  expect(response.statusCode, response.body).toBe(200)
  return response
}

async function namesOf(user: TestUser) {
  const [row] = await t.db.select().from(usersTable).where(eq(usersTable.id, user.id))
  return [user.id, user.email, user.displayName, row!.firstName!, row!.lastName!]
}

describe('an anonymous prayer', () => {
  it('names its author’s comments "Anonymous" to everyone and leaks nothing that identifies them', async () => {
    const intention = await postIntention(t.app, opCookie, { identity_mode: 'anonymous' })
    const id = intention.intention_id
    const byOp = await postComment(t.app, opCookie, id, 'Thank you all for praying.')
    const byReader = await postComment(t.app, readerCookie, id, 'Praying for you, friend.')
    expect(byOp).toMatchObject({
      author_display_name: ANONYMOUS_AUTHOR_NAME,
      is_op: true,
      isYou: true,
    })

    // The OP likes the reader's comment: the count says so, the who-liked list must not.
    const like = await call(
      t.app,
      opCookie,
      'POST',
      `${commentsUrl(id, byReader.comment_id)}/reactions`,
      { Reaction: 'like' },
    )
    expect(like.json()).toEqual({ Added: true, Like: 1, Amen: 0 })

    const response = await listAs(readerCookie, id)
    const items = response.json<CommentPage>().items
    expect(items.map((c) => [c.author_display_name, c.is_op, c.isYou])).toEqual([
      [ANONYMOUS_AUTHOR_NAME, true, false],
      [reader.displayName, false, true],
    ])
    const reactors = await call(
      t.app,
      readerCookie,
      'GET',
      `${commentsUrl(id, byReader.comment_id)}/reactions?type=like`,
    )
    expect(reactors.json<ReactorPage>().items).toEqual([])
    for (const secret of await namesOf(op)) {
      expect(response.body).not.toContain(secret)
      expect(reactors.body).not.toContain(secret)
    }

    // The OP still sees their own like in the list.
    const own = await call(
      t.app,
      opCookie,
      'GET',
      `${commentsUrl(id, byReader.comment_id)}/reactions?type=like`,
    )
    expect(own.json<ReactorPage>().items).toMatchObject([{ user_id: op.id, is_you: true }])
  })

  it('shows the reader’s own comments under their display name, never under the OP’s', async () => {
    const intention = await postIntention(t.app, opCookie, { identity_mode: 'anonymous' })
    await postComment(t.app, readerCookie, intention.intention_id)
    const items = (await listAs(opCookie, intention.intention_id)).json<CommentPage>().items
    expect(items).toMatchObject([
      { author_display_name: reader.displayName, is_op: false, isYou: false },
    ])
  })
})

describe('a named prayer', () => {
  it('labels the author’s comments (OP) under the name the prayer shows', async () => {
    const intention = await postIntention(t.app, opCookie)
    await postComment(t.app, opCookie, intention.intention_id)
    const items = (await listAs(readerCookie, intention.intention_id)).json<CommentPage>().items
    expect(items).toMatchObject([
      { author_display_name: op.displayName, is_op: true, isYou: false },
    ])
  })

  it('on a real-name group prayer, never ties the author’s real name to their public pseudonym', async () => {
    const group = await insertGroup(t.db, [op.id, reader.id])
    const intention = await postIntention(t.app, opCookie, {
      destination: 'private_group',
      group_id: group.id,
      identity_mode: 'real_name',
    })
    await postComment(t.app, opCookie, intention.intention_id)
    const response = await listAs(readerCookie, intention.intention_id)
    const [, , displayName, firstName, lastName] = await namesOf(op)
    expect(response.json<CommentPage>().items).toMatchObject([
      { author_display_name: `${firstName} ${lastName}`, is_op: true },
    ])
    expect(response.body).not.toContain(displayName)
  })
})

describe('a private group’s thread', () => {
  it('is 404 to outsiders through every call, even with real ids, and cannot be reached via another prayer', async () => {
    const outsiderCookie = await signIn(t.app, await createUser(t.db))
    const group = await insertGroup(t.db, [op.id, reader.id])
    const secret = await postIntention(t.app, opCookie, {
      destination: 'private_group',
      group_id: group.id,
    })
    const comment = await postComment(
      t.app,
      readerCookie,
      secret.intention_id,
      'Group-only words of comfort',
    )
    const publicOne = await postIntention(t.app, outsiderCookie)

    for (const intentionId of [secret.intention_id, publicOne.intention_id]) {
      const url = commentsUrl(intentionId, comment.comment_id)
      const responses = [
        await call(t.app, outsiderCookie, 'GET', `${url}/reactions?type=like`),
        await call(t.app, outsiderCookie, 'PATCH', url, {
          content: 'x',
          expected_updated_at: comment.updated_at,
        }),
        await call(t.app, outsiderCookie, 'DELETE', url),
        await call(t.app, outsiderCookie, 'POST', `${url}/reactions`, { Reaction: 'like' }),
        await call(t.app, outsiderCookie, 'POST', `${url}/report`, { category: 'spam' }),
      ]
      for (const response of responses) {
        expect(response.statusCode, response.body).toBe(404)
        expect(response.body).not.toContain('Group-only')
      }
    }
    const list = await call(t.app, outsiderCookie, 'GET', commentsUrl(secret.intention_id))
    expect(list.statusCode).toBe(404)
    expect(
      (
        await call(t.app, outsiderCookie, 'POST', commentsUrl(secret.intention_id), {
          content: 'hi',
        })
      ).statusCode,
    ).toBe(404)
    // Nothing the outsider tried changed the thread.
    const items = (await listAs(readerCookie, secret.intention_id)).json<CommentPage>().items
    expect(items).toMatchObject([
      { content: 'Group-only words of comfort', likes: 0, has_reported: false },
    ])
  })
})

describe('reporting a comment', () => {
  it('marks it reported for the reporter only, once, and tells the author nothing', async () => {
    const intention = await postIntention(t.app, opCookie)
    const comment = await postComment(t.app, opCookie, intention.intention_id)
    const url = `${commentsUrl(intention.intention_id, comment.comment_id)}/report`

    const missingNote = await call(t.app, readerCookie, 'POST', url, {
      category: 'other',
      note: '  ',
    })
    expect(missingNote.statusCode).toBe(400)
    expect(missingNote.json().errors).toEqual([
      { field: 'note', message: REPORT_MESSAGES.noteRequired },
    ])
    expect(
      (await call(t.app, readerCookie, 'POST', url, { category: 'other', note: 'you b1tch' }))
        .statusCode,
    ).toBe(422)

    expect(
      (await call(t.app, readerCookie, 'POST', url, { category: 'spam', note: 'Advert' }))
        .statusCode,
    ).toBe(204)
    const again = await call(t.app, readerCookie, 'POST', url, { category: 'inappropriate' })
    expect(again.statusCode).toBe(409)
    expect(again.json().title).toBe('already_reported')

    const forReader = (await listAs(readerCookie, intention.intention_id)).json<CommentPage>().items
    expect(forReader[0]?.has_reported).toBe(true)
    const forAuthor = await listAs(opCookie, intention.intention_id)
    expect(forAuthor.json<CommentPage>().items[0]?.has_reported).toBe(false)
    expect(forAuthor.body).not.toContain(reader.displayName)
  })
})
