import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PAGE_SIZE, INVALID_CURSOR_MESSAGE } from '@contract/pagination'
import type { CommentPage } from '@contract/comments'
import { createTestApp, type TestApp } from '../../tests/helpers/test-app'
import { createUser, signIn } from '../../tests/helpers/users'
import { postIntention } from '../../tests/helpers/wall'
import { call, commentsUrl, postComment } from '../../tests/helpers/comments-api'

let t: TestApp
let cookie: string
let moderatorCookie: string

beforeAll(async () => {
  t = await createTestApp()
  cookie = await signIn(t.app, await createUser(t.db))
  moderatorCookie = await signIn(t.app, await createUser(t.db, { roles: ['moderator'] }))
})
afterAll(() => t.close())

async function page(intentionId: string, cursor: string | null) {
  const response = await call(
    t.app,
    cookie,
    'GET',
    `${commentsUrl(intentionId)}?limit=${PAGE_SIZE.comments}&cursor=${cursor ?? ''}`,
  )
  expect(response.statusCode, response.body).toBe(200)
  return response.json<CommentPage>()
}

describe('"Load more" under a thread', () => {
  it('reads oldest first and never repeats or skips, while comments arrive and go between loads', async () => {
    const { intention_id: id } = await postIntention(t.app, cookie)
    const posted: string[] = []
    const post = async (n: number) =>
      posted.push((await postComment(t.app, cookie, id, `Comment ${n}`)).comment_id)
    for (let n = 1; n <= 23; n += 1) await post(n)

    const seen: string[] = []
    const first = await page(id, null)
    seen.push(...first.items.map((c) => c.comment_id))
    expect(first.items.map((c) => c.content).slice(0, 2)).toEqual(['Comment 1', 'Comment 2'])

    // Between loads: three new comments, and one already-seen comment removed by a moderator.
    for (let n = 24; n <= 26; n += 1) await post(n)
    const removed = posted[2]!
    expect(
      (await call(t.app, moderatorCookie, 'DELETE', commentsUrl(id, removed))).statusCode,
    ).toBe(204)

    let cursor = first.next_cursor
    while (cursor) {
      const next = await page(id, cursor)
      expect(next.items.length).toBeLessThanOrEqual(PAGE_SIZE.comments)
      seen.push(...next.items.map((c) => c.comment_id))
      cursor = next.next_cursor
    }
    expect(seen).toEqual(posted)
    expect(new Set(seen).size).toBe(26)
  })

  it('ends with a null cursor on an exact page boundary and an empty thread', async () => {
    const { intention_id: id } = await postIntention(t.app, cookie)
    expect(await page(id, null)).toEqual({ items: [], next_cursor: null })
    for (let n = 1; n <= PAGE_SIZE.comments; n += 1)
      await postComment(t.app, cookie, id, `Comment ${n}`)
    const only = await page(id, null)
    expect(only.items).toHaveLength(PAGE_SIZE.comments)
    expect(only.next_cursor).toBeNull()
  })

  it('answers 400 to a cursor the server never issued', async () => {
    const { intention_id: id } = await postIntention(t.app, cookie)
    const response = await call(t.app, cookie, 'GET', `${commentsUrl(id)}?cursor=not-a-cursor`)
    expect(response.statusCode).toBe(400)
    expect(response.json().detail).toContain(INVALID_CURSOR_MESSAGE)
  })
})
