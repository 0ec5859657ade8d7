import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ErrorCode } from '@contract/errors'
import { WRITE_LIMIT_MESSAGES, WRITE_LIMITS } from '@contract/write-limits'
import { commentsUrl } from '../../tests/helpers/comments-api'
import { sendBatch } from '../sync/testing/sync-world'
import { postTestimony, testimonyInput } from '../../tests/helpers/testimonies-api'
import { call } from '../../tests/helpers/call'
import { createTestApp, type TestApp } from '../../tests/helpers/test-app'
import { createUser, signIn } from '../../tests/helpers/users'
import { intentionInput, postIntention } from '../../tests/helpers/wall'
import { memberWritesTable } from './member-writes.table'

// Issue 37: a member creates at most WRITE_LIMITS of each kind in a rolling hour, whether the
// writes come one by one or in a sync batch, and a replayed Idempotency-Key counts once.

const HOUR_MS = 60 * 60 * 1000
let clock = new Date('2026-06-01T09:00:00Z')
let t: TestApp
beforeAll(async () => {
  t = await createTestApp({ now: () => clock })
})
afterAll(() => t.close())

async function member() {
  const user = await createUser(t.db)
  return { user, cookie: await signIn(t.app, user) }
}

const postWithKey = (cookie: string, key: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/intentions',
    headers: { cookie, 'idempotency-key': key },
    payload: intentionInput(),
  })

function expectLimited(
  response: { statusCode: number; json(): unknown },
  kind: keyof typeof WRITE_LIMITS,
) {
  expect(response.statusCode).toBe(429)
  expect(response.json()).toMatchObject({
    status: 429,
    title: ErrorCode.writeLimited,
    detail: WRITE_LIMIT_MESSAGES[kind],
  })
}

describe('prayer requests per hour', () => {
  it('refuses the one past the limit with 429 and Retry-After, counting a replayed key once, and frees up as the hour passes', async () => {
    const { user, cookie } = await member()
    const first = await postWithKey(cookie, 'first-request')
    expect(first.statusCode).toBe(201)
    for (const _ of [1, 2]) {
      const replay = await postWithKey(cookie, 'first-request')
      expect(replay.statusCode).toBe(201)
      expect(replay.headers['idempotent-replayed']).toBe('true')
    }
    // The places between are taken straight in the ledger (thirty posts through the API took
    // over 20 s on a busy CI machine); the last one before the limit is a real post again.
    await t.db.insert(memberWritesTable).values(
      Array.from({ length: WRITE_LIMITS.intention - 2 }, () => ({
        userId: user.id,
        kind: 'intention' as const,
        createdAt: clock,
      })),
    )
    await postIntention(t.app, cookie)

    const refused = await postWithKey(cookie, 'one-too-many')
    expectLimited(refused, 'intention')
    expect(refused.headers['retry-after']).toBe(String(HOUR_MS / 1000))
    // Not stored under its key: the outbox sends it again later, and then it runs for real.
    clock = new Date(clock.getTime() + HOUR_MS + 1000)
    expect((await postWithKey(cookie, 'one-too-many')).statusCode).toBe(201)
  })

  it('counts the writes of a sync batch, and a batch sent again counts nothing twice', async () => {
    const { cookie } = await member()
    const entries = Array.from({ length: WRITE_LIMITS.intention + 1 }, (_, n) => ({
      key: `batched-${n}`,
      method: 'POST',
      path: '/api/v1/intentions',
      body: intentionInput(),
    }))
    type Results = { results: { status: number; body: { title?: string; detail?: string } }[] }
    const statuses = async () => {
      const answer = await sendBatch(t.app, cookie, entries)
      expect(answer.statusCode, answer.body).toBe(200)
      return answer.json<Results>().results
    }

    const results = await statuses()
    expect(results.slice(0, -1).every(({ status }) => status === 201)).toBe(true)
    expect(results.at(-1)).toMatchObject({
      status: 429,
      body: { title: ErrorCode.writeLimited, detail: WRITE_LIMIT_MESSAGES.intention },
    })
    const again = await statuses()
    expect(again.map(({ status }) => status)).toEqual(results.map(({ status }) => status))
  })
})

describe('comments per hour', () => {
  it('refuses the one past the limit, alone and in a sync batch', async () => {
    const author = await member()
    const intention = await postIntention(t.app, author.cookie)
    const { user, cookie } = await member()
    // The limit's worth of comments in the past hour, as the ledger holds them: posting 200
    // through the API would only slow the test (the prayer requests above count real writes).
    await t.db.insert(memberWritesTable).values(
      Array.from({ length: WRITE_LIMITS.comment }, (_, n) => ({
        userId: user.id,
        kind: 'comment' as const,
        createdAt: new Date(clock.getTime() - HOUR_MS + 60_000 + n),
      })),
    )
    const url = commentsUrl(intention.intention_id)
    const content = 'Praying for you tonight.'
    expectLimited(await call(t.app, cookie, 'POST', url, { content }), 'comment')
    const batch = await sendBatch(t.app, cookie, [
      { key: 'comment-1', method: 'POST', path: url, body: { content } },
    ])
    expect(batch.json()).toMatchObject({
      results: [{ status: 429, body: { title: ErrorCode.writeLimited } }],
    })
    // A minute later the oldest of them has left the hour.
    clock = new Date(clock.getTime() + 60_000)
    expect((await call(t.app, cookie, 'POST', url, { content })).statusCode).toBe(201)
  })
})

describe('testimonies per hour', () => {
  it('refuses the one past the limit', async () => {
    const { cookie } = await member()
    for (let n = 1; n <= WRITE_LIMITS.testimony; n += 1) await postTestimony(t.app, cookie)
    expectLimited(
      await call(t.app, cookie, 'POST', '/api/v1/testimonies', testimonyInput()),
      'testimony',
    )
  })
})
