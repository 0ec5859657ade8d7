import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { CommentPage, CommentReactionResponse } from '@contract/comments'
import type { ReactorPage } from '@contract/reactors'
import { createTestApp, type TestApp } from '../../tests/helpers/test-app'
import { createUser, signIn, type TestUser } from '../../tests/helpers/users'
import { postIntention } from '../../tests/helpers/wall'
import { call, commentsUrl, postComment } from '../../tests/helpers/comments-api'

let t: TestApp
let reader: TestUser
let readerCookie: string
let authorCookie: string

beforeAll(async () => {
  t = await createTestApp()
  reader = await createUser(t.db)
  readerCookie = await signIn(t.app, reader)
  authorCookie = await signIn(t.app, await createUser(t.db))
})
afterAll(() => t.close())

async function freshComment() {
  const intention = await postIntention(t.app, authorCookie)
  const comment = await postComment(t.app, authorCookie, intention.intention_id)
  return {
    intentionId: intention.intention_id,
    url: commentsUrl(intention.intention_id, comment.comment_id),
  }
}

async function react(
  cookie: string,
  url: string,
  body: object,
  headers: Record<string, string> = {},
) {
  const response = await t.app.inject({
    method: 'POST',
    url: `${url}/reactions`,
    headers: { cookie, ...headers },
    payload: body,
  })
  expect(response.statusCode, response.body).toBe(200)
  return response.json<CommentReactionResponse>()
}

async function users(count: number) {
  return Promise.all(
    Array.from({ length: count }, async () => signIn(t.app, await createUser(t.db))),
  )
}

describe('like and amen on a comment', () => {
  it('toggle independently and show as the viewer’s own in the list', async () => {
    const { intentionId, url } = await freshComment()
    expect(await react(readerCookie, url, { Reaction: 'like' })).toEqual({
      Added: true,
      Like: 1,
      Amen: 0,
    })
    expect(await react(readerCookie, url, { Reaction: 'amen' })).toEqual({
      Added: true,
      Like: 1,
      Amen: 1,
    })
    expect(await react(readerCookie, url, { Reaction: 'like' })).toEqual({
      Added: false,
      Like: 0,
      Amen: 1,
    })

    const mine = await call(t.app, readerCookie, 'GET', commentsUrl(intentionId))
    expect(mine.json<CommentPage>().items[0]).toMatchObject({
      likes: 0,
      amens: 1,
      liked: false,
      amened: true,
    })
    const theirs = await call(t.app, authorCookie, 'GET', commentsUrl(intentionId))
    expect(theirs.json<CommentPage>().items[0]).toMatchObject({
      likes: 0,
      amens: 1,
      liked: false,
      amened: false,
    })
  })

  it('with `active`, set the state, so a replayed request never flips it back', async () => {
    const { url } = await freshComment()
    expect(await react(readerCookie, url, { Reaction: 'like', active: true })).toEqual({
      Added: true,
      Like: 1,
      Amen: 0,
    })
    expect(await react(readerCookie, url, { Reaction: 'like', active: true })).toEqual({
      Added: true,
      Like: 1,
      Amen: 0,
    })
    expect(await react(readerCookie, url, { Reaction: 'like', active: false })).toEqual({
      Added: false,
      Like: 0,
      Amen: 0,
    })
    expect(await react(readerCookie, url, { Reaction: 'like', active: false })).toEqual({
      Added: false,
      Like: 0,
      Amen: 0,
    })
  })

  it('replayed with the same Idempotency-Key, toggle once', async () => {
    const { url } = await freshComment()
    const headers = { 'idempotency-key': 'like-comment-1' }
    expect(await react(readerCookie, url, { Reaction: 'like' }, headers)).toEqual({
      Added: true,
      Like: 1,
      Amen: 0,
    })
    expect(await react(readerCookie, url, { Reaction: 'like' }, headers)).toEqual({
      Added: true,
      Like: 1,
      Amen: 0,
    })
  })

  it('count exactly when 20 members like at the same moment, and again when they all take it back', async () => {
    const { url } = await freshComment()
    const cookies = await users(20)
    await Promise.all(cookies.map((cookie) => react(cookie, url, { Reaction: 'like' })))
    const after = await react(readerCookie, url, { Reaction: 'amen' })
    expect(after).toEqual({ Added: true, Like: 20, Amen: 1 })
    const unliked = await Promise.all(
      cookies.map((cookie) => react(cookie, url, { Reaction: 'like' })),
    )
    expect(unliked.every((answer) => !answer.Added)).toBe(true)
    expect(await react(readerCookie, url, { Reaction: 'amen' })).toEqual({
      Added: false,
      Like: 0,
      Amen: 0,
    })
  })

  it('are refused with 404 on a comment that is gone', async () => {
    const { url } = await freshComment()
    expect((await call(t.app, authorCookie, 'DELETE', url)).statusCode).toBe(204)
    const response = await call(t.app, readerCookie, 'POST', `${url}/reactions`, {
      Reaction: 'like',
    })
    expect(response.statusCode).toBe(404)
  })
})

describe('who reacted to a comment', () => {
  it('pages through every reactor newest first, 25 at a time, naming only display names', async () => {
    const { url } = await freshComment()
    const cookies = await users(27)
    for (const cookie of cookies) await react(cookie, url, { Reaction: 'amen' })
    await react(readerCookie, url, { Reaction: 'amen' })

    const first = await call(t.app, readerCookie, 'GET', `${url}/reactions?type=amen`)
    const page1 = first.json<ReactorPage>()
    expect(page1.items).toHaveLength(25)
    expect(page1.items[0]).toMatchObject({
      user_id: reader.id,
      display_name: reader.displayName,
      is_you: true,
    })
    expect(page1.items.slice(1).every((item) => !item.is_you)).toBe(true)
    expect(first.body).not.toContain('@')

    const page2 = (
      await call(
        t.app,
        readerCookie,
        'GET',
        `${url}/reactions?type=amen&cursor=${page1.next_cursor}`,
      )
    ).json<ReactorPage>()
    expect(page2.next_cursor).toBeNull()
    const ids = [...page1.items, ...page2.items].map((item) => item.user_id)
    expect(ids).toHaveLength(28)
    expect(new Set(ids).size).toBe(28)

    const likes = (
      await call(t.app, readerCookie, 'GET', `${url}/reactions?type=like`)
    ).json<ReactorPage>()
    expect(likes).toEqual({ items: [], next_cursor: null })
  })
})
