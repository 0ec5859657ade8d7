import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { commentsTable } from '../comments/comments.table'
import { intentionsTable } from '../intentions/intentions.table'
import { testimoniesTable } from '../testimonies/testimonies.table'
import { createTestApp, type TestApp } from '../../tests/helpers/test-app'
import { createUser, signIn } from '../../tests/helpers/users'
import { intentionInput, postIntention } from '../../tests/helpers/wall'
import { commentsUrl, postComment } from '../../tests/helpers/comments-api'
import { postTestimony } from '../../tests/helpers/testimonies-api'

// DESIGN §4/§6: every write the client's outbox replays, sent the way the outbox sends it (the
// explicit end state, one Idempotency-Key per entry), repeated after a lost answer and raced by
// a second tab: each changes the server once.

let t: TestApp
let author: string
let member: string

beforeAll(async () => {
  t = await createTestApp()
  author = await signIn(t.app, await createUser(t.db))
  member = await signIn(t.app, await createUser(t.db))
})
afterAll(() => t.close())

const send = (url: string, key: string, payload?: object) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { cookie: member, 'idempotency-key': key },
    ...(payload ? { payload } : {}),
  })

/** Once, then raced by two more (a second tab), then once more after all (a rerun replay). */
async function replay(url: string, key: string, payload?: object) {
  const first = await send(url, key, payload)
  expect(first.statusCode, first.body).toBeLessThan(300)
  const raced = await Promise.all([send(url, key, payload), send(url, key, payload)])
  for (const answer of raced) {
    // A repeat gets the first answer, or "still in progress" (the outbox retries later).
    if (answer.statusCode !== 409) expect(answer.json()).toEqual(first.json())
  }
  const last = await send(url, key, payload)
  expect(last.json()).toEqual(first.json())
  return first.json()
}

async function intentionCounts(id: string) {
  const [row] = await t.db.select().from(intentionsTable).where(eq(intentionsTable.id, id))
  return {
    prayed: row!.prayedCount,
    amen: row!.amenCount,
    candle: row!.candleCount,
    comments: row!.commentsCount,
  }
}

describe('outbox writes replayed with one Idempotency-Key', () => {
  it('pray counts once', async () => {
    const { intention_id: id } = await postIntention(t.app, author)
    await replay(`/api/v1/intentions/${id}/pray`, `pray-${id}`)
    expect(await intentionCounts(id)).toMatchObject({ prayed: 1 })
  })

  it('Amen and candle set their end state once, and a later "off" is not undone by a replay', async () => {
    const { intention_id: id } = await postIntention(t.app, author)
    const url = `/api/v1/intentions/${id}/reactions`
    await replay(url, `amen-on-${id}`, { kind: 'amen', active: true })
    await replay(url, `candle-on-${id}`, { kind: 'candle', active: true })
    expect(await intentionCounts(id)).toMatchObject({ amen: 1, candle: 1 })

    await replay(url, `amen-off-${id}`, { kind: 'amen', active: false })
    // The first "on" replayed once more, after the "off": still its stored answer, no effect.
    await send(url, `amen-on-${id}`, { kind: 'amen', active: true })
    expect(await intentionCounts(id)).toMatchObject({ amen: 0, candle: 1 })
  })

  it('a comment posts once, and its like and Amen count once', async () => {
    const { intention_id: id } = await postIntention(t.app, author)
    // No id in the text: a random hex id can read as a word the content policy refuses.
    const content = 'Written on the train with no signal'
    const created = await replay(commentsUrl(id), `comment-${id}`, { content })
    const rows = await t.db
      .select()
      .from(commentsTable)
      .where(and(eq(commentsTable.intentionId, id), eq(commentsTable.content, content)))
    expect(rows).toHaveLength(1)
    expect(await intentionCounts(id)).toMatchObject({ comments: 1 })

    const { comment_id: commentId } = await postComment(t.app, author, id)
    const url = commentsUrl(id, commentId, '/reactions')
    await replay(url, `like-${commentId}`, { Reaction: 'like', active: true })
    const answer = await replay(url, `amen-${commentId}`, { Reaction: 'amen', active: true })
    expect(answer).toEqual({ Added: true, Like: 1, Amen: 1 })
    expect(created.comment_id).toBe(rows[0]!.id)
  })

  it('a testimony’s Amen counts once', async () => {
    const { testimony_id: id } = await postTestimony(t.app, author)
    const url = `/api/v1/testimonies/${id}/reactions`
    await replay(url, `testimony-amen-${id}`, { Reaction: 'amen', active: true })
    const [row] = await t.db.select().from(testimoniesTable).where(eq(testimoniesTable.id, id))
    expect(row!.amenCount).toBe(1)
  })

  it('a new prayer request is created once', async () => {
    const stamp = Date.now()
    const title = `Queued on a train with no signal ${stamp}`
    await replay('/api/v1/intentions', `intention-${stamp}`, intentionInput({ title }))
    const rows = await t.db.select().from(intentionsTable).where(eq(intentionsTable.title, title))
    expect(rows).toHaveLength(1)
  })
})
