import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../tests/helpers/test-app'
import { postIntention } from '../../tests/helpers/wall'
import { postComment } from '../../tests/helpers/comments-api'
import {
  call,
  person,
  queueOf,
  reportComment,
  reportIntention,
  type Person,
} from '../../tests/helpers/moderation-api'

// Issue 8: the queue groups reports by item, most reported first, then most recently reported,
// pages without repeats, and forgets items their author deleted.

let clock = new Date('2026-11-20T08:00:00.000Z')
const tick = () => (clock = new Date(clock.getTime() + 60_000))
let t: TestApp
let author: Person
let moderator: Person

beforeAll(async () => {
  t = await createTestApp({ now: () => clock })
  author = await person(t.app)
  moderator = await person(t.app, ['member', 'moderator'])
})
afterAll(() => t.close())

describe('moderation queue', () => {
  it('orders by report count then latest report, pages with a cursor, and drops deleted items', async () => {
    const once = await postIntention(t.app, author.cookie)
    const twice = await postIntention(t.app, author.cookie)
    const { intention_id: host } = await postIntention(t.app, moderator.cookie)
    const comment = await postComment(t.app, author.cookie, host, 'A comment someone disliked')
    const deleted = await postIntention(t.app, author.cookie)

    tick()
    await reportIntention(t.app, (await person(t.app)).cookie, once.intention_id)
    for (let i = 0; i < 2; i += 1) {
      tick()
      await reportIntention(t.app, (await person(t.app)).cookie, twice.intention_id)
    }
    tick()
    await reportComment(t.app, (await person(t.app)).cookie, host, comment.comment_id)
    tick()
    await reportIntention(t.app, (await person(t.app)).cookie, deleted.intention_id)
    const gone = await call(
      t.app,
      author.cookie,
      'DELETE',
      `/api/v1/intentions/${deleted.intention_id}`,
    )
    expect(gone.statusCode).toBe(204)

    const first = await queueOf(t.app, moderator.cookie, '?limit=2')
    expect(first.items.map((item) => [item.target.type, item.target.id, item.reportCount])).toEqual(
      [
        ['intention', twice.intention_id, 2],
        ['comment', comment.comment_id, 1],
      ],
    )
    expect(first.items[1]).toMatchObject({
      target: {
        intentionId: host,
        title: null,
        text: 'A comment someone disliked',
        author: { userId: author.id },
      },
      categories: [{ category: 'spam', count: 1 }],
      authorHistory: { itemsLast30Days: 3, removalsTotal: 0, suspendedUntil: null },
    })
    const second = await queueOf(t.app, moderator.cookie, `?limit=2&cursor=${first.nextCursor}`)
    expect(second.items.map((item) => item.target.id)).toEqual([once.intention_id])
    expect(second.nextCursor).toBeNull()
    const forged = await call(t.app, moderator.cookie, 'GET', '/api/v1/moderation/queue?cursor=e30')
    expect(forged.statusCode).toBe(400)
  })
})
