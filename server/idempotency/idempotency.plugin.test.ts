import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { createTestApp, type TestApp } from '../../tests/helpers/test-app'
import { createUser, signIn } from '../../tests/helpers/users'
import { ABANDONED_AFTER_MS, IDEMPOTENCY_TTL_MS } from './idempotency.plugin'

// A counter route shows how often the handler really ran; `fail` makes it answer 500, `wait`
// holds it until released, to stage two identical requests at once.
let runs = 0
let release: () => void = () => {}
let clock = new Date('2026-02-01T12:00:00.000Z')
let t: TestApp
let cookie: string
let otherCookie: string

beforeAll(async () => {
  t = await createTestApp({
    now: () => clock,
    extend: (app) => {
      app
        .withTypeProvider<ZodTypeProvider>()
        .post(
          '/api/test/count',
          {
            config: { idempotent: true },
            schema: {
              body: z.object({
                fail: z.boolean().default(false),
                wait: z.boolean().default(false),
                note: z.string().optional(),
              }),
            },
          },
          async (request, reply) => {
            runs += 1
            if (request.body.wait) await new Promise<void>((resolve) => (release = resolve))
            if (request.body.fail) throw new Error('boom')
            return reply.code(201).send({ run: runs })
          },
        )
    },
  })
  cookie = await signIn(t.app, await createUser(t.db))
  otherCookie = await signIn(t.app, await createUser(t.db))
})
afterAll(() => t.close())

const send = (key: string | null, payload: object = {}, who = cookie) =>
  t.app.inject({
    method: 'POST',
    url: '/api/test/count',
    headers: { cookie: who, ...(key === null ? {} : { 'idempotency-key': key }) },
    payload,
  })

describe('Idempotency-Key', () => {
  it('runs once per key and user; the repeat gets the first status and body', async () => {
    const first = await send('k-1')
    const again = await send('k-1')
    expect(first.statusCode).toBe(201)
    expect(again.statusCode).toBe(201)
    expect(again.json()).toEqual(first.json())
    expect(again.headers['idempotent-replayed']).toBe('true')
    // The same key from another member is their own request.
    expect((await send('k-1', {}, otherCookie)).json().run).toBe(first.json().run + 1)
    // No key: every call runs.
    const before = runs
    await send(null)
    await send(null)
    expect(runs).toBe(before + 2)
  })

  it('refuses the same key with a different body (422 idempotency_mismatch)', async () => {
    await send('k-2', { note: 'a' })
    const other = await send('k-2', { note: 'b' })
    expect(other.statusCode).toBe(422)
    expect(other.json().title).toBe('idempotency_mismatch')
  })

  it('answers a duplicate sent while the first is running with 409, then replays once it finished', async () => {
    const first = send('k-3', { wait: true })
    await new Promise((resolve) => setTimeout(resolve, 50))
    const duplicate = await send('k-3', { wait: true })
    expect(duplicate.statusCode).toBe(409)
    expect(duplicate.json().title).toBe('idempotency_in_progress')
    release()
    const done = await first
    expect((await send('k-3', { wait: true })).json()).toEqual(done.json())
  })

  it('does not keep a server error: the retry runs for real', async () => {
    expect((await send('k-4', { fail: true })).statusCode).toBe(500)
    const before = runs
    expect((await send('k-4', { fail: true })).statusCode).toBe(500)
    expect(runs).toBe(before + 1)
  })

  it('forgets answers after 24 hours and takes over a request abandoned by a dead process', async () => {
    const first = await send('k-5')
    clock = new Date(clock.getTime() + IDEMPOTENCY_TTL_MS)
    expect((await send('k-5')).json().run).toBe(first.json().run + 1)

    const stuck = send('k-6', { wait: true })
    await new Promise((resolve) => setTimeout(resolve, 50))
    clock = new Date(clock.getTime() + ABANDONED_AFTER_MS)
    expect((await send('k-6')).statusCode).toBe(201)
    release()
    await stuck
  })

  it('rejects a malformed key', async () => {
    expect((await send('x'.repeat(256))).statusCode).toBe(400)
  })
})
