import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AuthMessage } from '@contract/auth'
import type { Database, DatabaseHandle } from '../db/client'
import { domainEventsTable } from '../events/events.table'
import { authMailSubscriber } from './auth-mail.subscriber'
import { mailsTo } from '../../tests/helpers/mailbox'
import { createTestApp, type TestApp } from '../../tests/helpers/test-app'
import { createTestDatabase } from '../../tests/helpers/test-db'
import { createUser } from '../../tests/helpers/users'

// Issue 37: forgot-password and resend-verification must not tell which addresses have an
// account, by their answer nor by their timing. Timing is measured deterministically: every
// database call the request makes before its answer leaves, counted where the app's database
// is handed in (the events' dispatcher is off, so nothing else uses it meanwhile).

let t: TestApp
let database: DatabaseHandle
let recording = false
const calls: string[] = []
const beforeReply: string[][] = []

/** The database, with every method called on it (and on its transactions) written down. */
function counted(db: Database): Database {
  return new Proxy(db, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property, target)
      if (typeof value !== 'function') return value
      return (...args: unknown[]) => {
        if (recording) calls.push(String(property))
        // A transaction's callback gets the transaction: count what runs in it too.
        const counting = args.map((arg) =>
          typeof arg === 'function'
            ? (tx: Database, ...rest: unknown[]) =>
                (arg as (...a: unknown[]) => unknown)(counted(tx), ...rest)
            : arg,
        )
        return (value as (...a: unknown[]) => unknown).apply(target, counting)
      }
    },
  })
}

beforeAll(async () => {
  database = await createTestDatabase()
  t = await createTestApp({
    database: { ...database, db: counted(database.db) },
    env: { EVENT_DISPATCH: 'off' },
    extend: (app) => {
      app.addHook('onRequest', async () => {
        calls.length = 0
        recording = true
      })
      app.addHook('onSend', async () => {
        recording = false
        beforeReply.push([...calls])
      })
    },
  })
})
afterAll(async () => {
  await t.close()
  await database.close()
})

const post = (url: string, email: string) =>
  t.app.inject({ method: 'POST', url, payload: { email } })

/** The answer and the database calls made before it, for one request. */
async function answerAndWork(url: string, email: string) {
  const response = await post(url, email)
  return { status: response.statusCode, body: response.json(), work: beforeReply.at(-1) }
}

describe('POST /auth/forgot-password', () => {
  it('does the same work before answering for a known and an unknown address, and mails the owner after', async () => {
    const user = await createUser(t.db)
    const known = await answerAndWork('/auth/forgot-password', user.email)
    const unknown = await answerAndWork('/auth/forgot-password', 'no-one-here@example.test')

    expect(known.status).toBe(202)
    expect(known.body).toEqual({ message: AuthMessage.forgotPasswordSent })
    expect(unknown).toEqual(known)
    expect(known.work!.length).toBeGreaterThan(0)

    // test-app drains the events after each write: the mail went out after the answer.
    expect((await mailsTo(t.app, user.email))[0]?.subject).toBe('Reset your password')
    expect(await mailsTo(t.app, 'no-one-here@example.test')).toEqual([])
  })

  it('mails one link when the event is delivered twice (at-least-once delivery)', async () => {
    const user = await createUser(t.db)
    const handle = authMailSubscriber(t.app).on.PasswordResetRequested!
    const payload = { email: user.email }
    const occurredAt = new Date(Date.now() - 1000)
    // A recorded event (its sent mail is recorded against it), handed to no dispatcher.
    const [recorded] = await t.db
      .insert(domainEventsTable)
      .values({ type: 'PasswordResetRequested', payload, occurredAt, fannedOut: true })
      .returning({ id: domainEventsTable.id })
    const event = { id: recorded!.id, type: 'PasswordResetRequested' as const, payload, occurredAt }
    await handle(event)
    await handle(event)
    expect(await mailsTo(t.app, user.email)).toHaveLength(1)
  })
})

describe('POST /auth/resend-verification', () => {
  it('does the same work before answering for a waiting, a verified and an unknown address, and mails only the waiting one', async () => {
    const waiting = await createUser(t.db, { emailVerified: false })
    const verified = await createUser(t.db)
    const forWaiting = await answerAndWork('/auth/resend-verification', waiting.email)
    const forVerified = await answerAndWork('/auth/resend-verification', verified.email)
    const forUnknown = await answerAndWork('/auth/resend-verification', 'nobody@example.test')

    expect(forWaiting.status).toBe(202)
    expect(forVerified).toEqual(forWaiting)
    expect(forUnknown).toEqual(forWaiting)

    const [mail] = await mailsTo(t.app, waiting.email)
    expect(mail?.subject).toMatch(/confirm/i)
    expect(mail?.links[0]).toContain('/auth/verify-email?token=')
    expect(await mailsTo(t.app, verified.email)).toEqual([])
    expect(await mailsTo(t.app, 'nobody@example.test')).toEqual([])
  })
})
