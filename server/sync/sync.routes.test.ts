import { eq, sql } from 'drizzle-orm'
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { SYNC_MAX_ENTRIES } from '@contract/outbox'
import { WRITE_LIMIT_WINDOW_MS, WRITE_LIMITS } from '@contract/write-limits'
import { EVENTS_CHANNEL } from '../events/record-event'
import { createTestApp, type TestApp } from '../../tests/helpers/test-app'
import { createUser, signIn } from '../../tests/helpers/users'
import { memberWritesTable } from '../rate-limit/member-writes.table'
import { usersTable } from '../users/users.table'
import { buildWorld, outboxWrites, sendBatch, sendSingly, worldState } from './testing/sync-world'

// Issue 19: POST /api/v1/sync applies the outbox's writes exactly as the single calls do.

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

async function member() {
  const user = await createUser(t.db)
  return { user, cookie: await signIn(t.app, user) }
}

describe('POST /api/v1/sync', () => {
  it('a batch of 100 mixed writes leaves the same rows, events and notifications as the 100 single calls', async () => {
    const [singleWorld, batchWorld] = [
      await buildWorld(t.app, t.db, 10),
      await buildWorld(t.app, t.db, 10),
    ]
    const single = await member()
    const batched = await member()
    const singleWrites = outboxWrites(singleWorld, 'run')
    const batchWrites = outboxWrites(batchWorld, 'run')
    expect(batchWrites).toHaveLength(SYNC_MAX_ENTRIES)

    const singly = await sendSingly(t.app, single.cookie, singleWrites)
    const answer = await sendBatch(t.app, batched.cookie, batchWrites)
    expect(answer.statusCode, answer.body).toBe(200)
    const { results } = answer.json<{ results: { key: string; status: number; body: unknown }[] }>()

    expect(results.map(({ key, status }) => ({ key, status }))).toEqual(
      singly.map(({ key, status }) => ({ key, status })),
    )
    expect(results.filter(({ status }) => status >= 300)).toEqual([])
    // Each entry answers what its single call does: a new request comes back whole, read inside
    // the batch's transaction (its row is not committed yet).
    const created = (entries: { key: string; body?: unknown }[]) =>
      entries.filter(({ key }) => key.endsWith('-new')).map(({ body }) => body)
    expect(created(results)).toEqual(
      created(batchWrites).map((body) =>
        expect.objectContaining({ title: (body as { title: string }).title, is_mine: true }),
      ),
    )
    const bySingles = await worldState(t.db, singleWorld, single.user.id)
    const byBatch = await worldState(t.db, batchWorld, batched.user.id)
    expect(byBatch).toEqual(bySingles)
    expect(byBatch.comments).toHaveLength(20)
    // Pray, Amen on and off, candle, two comments, like and Amen on a comment, a new prayer
    // request and a testimony Amen: ten events a prayer, the same whichever way they came.
    expect(byBatch.events).toHaveLength(100)
    // Each author heard of the writes alike: the notifications (the writes' events) are the same.
    expect(byBatch.notifications.length).toBeGreaterThan(0)
  }, 90_000)

  it('a batch sent again after a dropped connection changes nothing', async () => {
    const world = await buildWorld(t.app, t.db, 3)
    const { user, cookie } = await member()
    const writes = outboxWrites(world, 'dropped')
    // The connection dropped after the server had applied the first half.
    await sendSingly(t.app, cookie, writes.slice(0, 15))
    const first = await sendBatch(t.app, cookie, writes)
    const once = await worldState(t.db, world, user.id)
    const again = await sendBatch(t.app, cookie, writes)

    expect(again.statusCode).toBe(200)
    expect(again.json()).toEqual(first.json())
    expect(await worldState(t.db, world, user.id)).toEqual(once)
    expect(once.counters.map(({ prayed }) => prayed)).toEqual([1, 1, 1])
    expect(once.comments).toHaveLength(6)
    expect(once.newPrayers).toBe(3)
  }, 30_000)

  it('a refused entry in the middle stops only the entries on the same prayer', async () => {
    const world = await buildWorld(t.app, t.db, 3)
    const { user, cookie } = await member()
    const [first, second, third] = world.intentions.map(({ id }) => `/api/v1/intentions/${id}`)
    const answer = await sendBatch(t.app, cookie, [
      { key: 'r-1', method: 'POST', path: `${first}/pray` },
      { key: 'r-2', method: 'POST', path: `${second}/comments`, body: { content: ' ' } },
      { key: 'r-3', method: 'POST', path: `${second}/pray` },
      { key: 'r-4', method: 'POST', path: `${third}/pray` },
    ])
    expect(answer.statusCode).toBe(200)
    const { results } = answer.json<{ results: { key: string; status: number; body: unknown }[] }>()
    expect(results.map(({ key, status }) => [key, status])).toEqual([
      ['r-1', 200],
      ['r-2', 400],
      ['r-3', 424],
      ['r-4', 200],
    ])
    expect(results[1]!.body).toMatchObject({ title: 'validation_error' })
    expect(results[2]!.body).toMatchObject({ title: 'depends_on_failed' })
    const state = await worldState(t.db, world, user.id)
    expect(state.counters.map(({ prayed }) => prayed)).toEqual([1, 0, 1])
    expect(state.comments).toEqual([])

    // Sent again on its own, the waiting entry is applied.
    const retried = await sendBatch(t.app, cookie, [
      { key: 'r-3', method: 'POST', path: `${second}/pray` },
    ])
    expect(retried.json()).toMatchObject({ results: [{ key: 'r-3', status: 200 }] })
  })

  it('words a refused entry’s message in the member’s language, as the outbox keeps it', async () => {
    const { user, cookie } = await member()
    await t.db.update(usersTable).set({ language: 'es' }).where(eq(usersTable.id, user.id))
    const intention = `/api/v1/intentions/${randomUUID()}`
    const answer = await sendBatch(t.app, cookie, [
      { key: 'l-1', method: 'POST', path: `${intention}/comments`, body: { content: 'Amén' } },
      { key: 'l-2', method: 'POST', path: `${intention}/pray` },
      { key: 'l-3', method: 'POST', path: '/api/v1/admin/community' },
    ])
    const { results } = answer.json<{ results: { key: string; body: unknown }[] }>()
    expect(results.map(({ body }) => body)).toMatchObject([
      { title: 'not_found', detail: 'Es posible que esta intención se haya eliminado.' },
      {
        title: 'depends_on_failed',
        detail:
          'Una acción anterior sobre la misma intención o el mismo testimonio no se aplicó; esta espera a que se aplique.',
      },
      {
        title: 'not_queueable',
        detail: 'Esta acción no se puede enviar junto con las demás guardadas sin conexión.',
      },
    ])
  })

  it('an entry the server fails is undone alone, and runs for real when sent again', async () => {
    const world = await buildWorld(t.app, t.db, 3)
    const { user, cookie } = await member()
    const [first, second, third] = world.intentions.map(({ id }) => `/api/v1/intentions/${id}`)
    // The database fails this one comment's entry at its very end, when its answer is stored
    // under its Idempotency-Key: after the comment and its event were written, outside the
    // service's own transaction, which leaves the batch's aborted until the entry is undone.
    await t.db.execute(
      sql.raw(`
      create function sync_test_refuse() returns trigger language plpgsql as $$
      begin
        if new.response_body::text like '%The server fails this one.%' then
          raise exception 'refused by test';
        end if;
        return new;
      end $$`),
    )
    await t.db.execute(
      sql.raw(`create trigger sync_test_refuse before update on idempotency_keys
      for each row execute function sync_test_refuse()`),
    )
    const failing = {
      key: 'f-2',
      method: 'POST',
      path: `${second}/comments`,
      body: { content: 'The server fails this one.' },
    }
    let answer
    try {
      answer = await sendBatch(t.app, cookie, [
        { key: 'f-1', method: 'POST', path: `${first}/pray` },
        failing,
        { key: 'f-3', method: 'POST', path: `${second}/pray` },
        { key: 'f-4', method: 'POST', path: `${third}/comments`, body: { content: 'Amen.' } },
      ])
    } finally {
      await t.db.execute(sql.raw('drop trigger sync_test_refuse on idempotency_keys'))
      await t.db.execute(sql.raw('drop function sync_test_refuse()'))
    }
    expect(answer.statusCode).toBe(200)
    const { results } = answer.json<{ results: { key: string; status: number }[] }>()
    expect(results.map(({ key, status }) => [key, status])).toEqual([
      ['f-1', 200],
      ['f-2', 500],
      ['f-3', 424],
      ['f-4', 201],
    ])
    const state = await worldState(t.db, world, user.id)
    expect(state.counters.map(({ prayed }) => prayed)).toEqual([1, 0, 0])
    expect(state.comments).toHaveLength(1)
    // The entries before and after it raised their events; the undone one left none behind.
    expect(state.events).toHaveLength(2)

    // Its key was not kept: sent again, it runs.
    const again = await sendBatch(t.app, cookie, [failing])
    expect(again.json()).toMatchObject({ results: [{ key: 'f-2', status: 201 }] })
    expect((await worldState(t.db, world, user.id)).comments).toHaveLength(2)
  })

  it('a refusal inside a service’s own transaction undoes its writes there, as the single call’s does', async () => {
    const world = await buildWorld(t.app, t.db, 1)
    const [{ id }] = world.intentions as [{ id: string; commentId: string }]
    const { user, cookie } = await member()
    // The comment limit reached within the hour, and one ledger row older than it: counting a
    // comment deletes that row, then refuses (429) in the comment's own transaction.
    const now = Date.now()
    await t.db.insert(memberWritesTable).values([
      { userId: user.id, kind: 'comment', createdAt: new Date(now - 2 * WRITE_LIMIT_WINDOW_MS) },
      ...Array.from({ length: WRITE_LIMITS.comment }, (_, at) => ({
        userId: user.id,
        kind: 'comment' as const,
        createdAt: new Date(now - 60_000 - at),
      })),
    ])
    const path = `/api/v1/intentions/${id}`
    const answer = await sendBatch(t.app, cookie, [
      { key: 'w-1', method: 'POST', path: `${path}/comments`, body: { content: 'Amen.' } },
      {
        key: 'w-2',
        method: 'POST',
        path: `${path}/reactions`,
        body: { kind: 'amen', active: true },
      },
    ])
    const { results } = answer.json<{ results: { key: string; status: number }[] }>()
    expect(results.map(({ key, status }) => [key, status])).toEqual([
      ['w-1', 429],
      ['w-2', 424],
    ])
    const ledger = await t.db
      .select()
      .from(memberWritesTable)
      .where(eq(memberWritesTable.userId, user.id))
    expect(ledger).toHaveLength(WRITE_LIMITS.comment + 1)
    expect((await worldState(t.db, world, user.id)).comments).toEqual([])
    // The refusal's answer is kept under its key, as every refused entry's is.
    const again = await sendBatch(t.app, cookie, [
      { key: 'w-1', method: 'POST', path: `${path}/comments`, body: { content: 'Amen.' } },
    ])
    expect(again.json()).toMatchObject({ results: [{ key: 'w-1', status: 429 }] })
  })

  it("wakes the events' dispatcher when it commits", async () => {
    const world = await buildWorld(t.app, t.db, 2)
    const { cookie } = await member()
    let heard = 0
    const stop = await t.database.listen(EVENTS_CHANNEL, () => (heard += 1))
    try {
      const answer = await sendBatch(t.app, cookie, outboxWrites(world, 'wake'))
      expect(answer.statusCode).toBe(200)
      await vi.waitFor(() => expect(heard).toBeGreaterThan(0))
    } finally {
      await stop()
    }
  })

  it('acts as the signed-in member only', async () => {
    const world = await buildWorld(t.app, t.db, 1)
    const [{ id }] = world.intentions as [{ id: string; commentId: string }]
    const alice = await member()
    const bob = await member()
    const pray = { key: 'shared-key', method: 'POST', path: `/api/v1/intentions/${id}/pray` }
    await sendBatch(t.app, alice.cookie, [pray])

    // Bob re-using Alice's key gets his own answer: a key never carries another member's write.
    const bobs = await sendBatch(t.app, bob.cookie, [pray])
    expect(bobs.json()).toMatchObject({
      results: [{ status: 200, body: { prayed_count: 2, has_prayed: true } }],
    })
    expect((await worldState(t.db, world, bob.user.id)).prayers).toBe(1)
    // No session, no batch; and a batch cannot reach any call the outbox does not queue.
    expect((await sendBatch(t.app, undefined, [pray])).statusCode).toBe(401)
    const outside = await sendBatch(t.app, bob.cookie, [
      { key: 'o-1', method: 'POST', path: '/auth/logout' },
      { key: 'o-2', method: 'PATCH', path: '/api/v1/users/me', body: { display_name: 'Alice' } },
      { key: 'o-3', method: 'POST', path: `/api/v1/intentions/${id}/../../users/me/pray` },
      { key: 'o-4', method: 'DELETE', path: `/api/v1/intentions/${id}` },
      { key: 'o-5', method: 'POST', path: `/api/v1/intentions/${id}/report`, body: {} },
    ])
    const outsideResults = outside.json<{ results: { status: number; body: unknown }[] }>().results
    expect(outsideResults.map(({ status }) => status)).toEqual([400, 400, 400, 400, 400])
    expect(outsideResults[0]!.body).toMatchObject({ title: 'not_queueable' })
    const stillSignedIn = await t.app.inject({
      url: '/auth/session',
      headers: { cookie: bob.cookie },
    })
    expect(stillSignedIn.json()).toMatchObject({ isAuthenticated: true })
  })

  it('refuses a batch over 100 entries or malformed as a whole', async () => {
    const { cookie } = await member()
    const entry = (at: number) => ({ key: `k-${at}`, method: 'POST', path: '/api/v1/intentions' })
    const tooMany = Array.from({ length: SYNC_MAX_ENTRIES + 1 }, (_, at) => entry(at))
    expect((await sendBatch(t.app, cookie, tooMany)).statusCode).toBe(400)
    for (const broken of [[{ key: '', method: 'POST', path: '/x' }], [{ method: 'POST' }], []]) {
      const answer = await sendBatch(t.app, cookie, broken)
      expect(answer.statusCode, JSON.stringify(broken)).toBe(400)
      expect(answer.json()).toMatchObject({ title: 'validation_error' })
    }
  })

  it('is described in the OpenAPI document', async () => {
    const document = (await t.app.inject({ url: '/api/openapi.json' })).json<{
      paths: Record<string, Record<string, unknown>>
    }>()
    expect(document.paths['/api/v1/sync']?.post).toMatchObject({
      requestBody: expect.anything(),
      responses: { 200: expect.anything() },
    })
  })
})
