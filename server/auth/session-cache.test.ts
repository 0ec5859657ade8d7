import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../tests/helpers/test-app'
import { poolOfAnotherProcess } from '../../tests/helpers/test-db'
import { createUser, signIn } from '../../tests/helpers/users'
import type { DatabaseHandle } from '../db/client'
import { usersTable } from '../users/users.table'
import { SessionCache } from './session-cache'
import { deleteUserSessions, type SessionRow } from './sessions'

// Two server processes on one database (on PostgreSQL, B has its own pool, as another process
// would); each keeps its own session cache. Every change must reach both at once (issue 22).
let a: TestApp
let b: TestApp
let otherPool: DatabaseHandle
let sessionLookups = 0

const viewerRoute = (app: TestApp['app']) => {
  app.get('/test/viewer', (request) => {
    const { userId, roles, rolesAwaitingSecondFactor, suspendedUntil, hasProfile } = request.viewer!
    return { userId, roles, rolesAwaitingSecondFactor, suspendedUntil, hasProfile }
  })
}

beforeAll(async () => {
  a = await createTestApp({ extend: viewerRoute })
  otherPool = await poolOfAnotherProcess(a.database)
  const client = (
    otherPool.db as unknown as { $client: { query: (...args: unknown[]) => unknown } }
  ).$client
  const query = client.query.bind(client)
  client.query = (...args: unknown[]) => {
    const [first] = args
    const text = typeof first === 'string' ? first : ((first as { text?: string }).text ?? '')
    if (text.includes('from "sessions"')) sessionLookups += 1
    return query(...args)
  }
  b = await createTestApp({ database: otherPool, extend: viewerRoute })
})
afterAll(async () => {
  await b.close()
  if (otherPool !== a.database) await otherPool.close()
  await a.close()
})

const viewer = (t: TestApp, cookie: string) =>
  t.app.inject({ method: 'GET', url: '/test/viewer', headers: { cookie } })
// Another process hears of a change over its own connection, a moment after the commit (as it
// would over Redis); the process that wrote hears of it before its write resolves.
const elsewhere = (read: () => Promise<unknown>) => expect.poll(read, { timeout: 2_000 })

/** A member signed in and seen by both processes, so both hold the session in their cache. */
async function cachedEverywhere() {
  const user = await createUser(a.db)
  const cookie = await signIn(a.app, user)
  expect((await viewer(a, cookie)).statusCode).toBe(200)
  expect((await viewer(b, cookie)).statusCode).toBe(200)
  return { user, cookie }
}

describe('session cache', () => {
  it('answers repeated requests of a session from memory', async () => {
    const { cookie } = await cachedEverywhere()
    // Polled: B may still hear of the new member's profile being saved, which empties its entry.
    const lookupsForFive = async () => {
      const before = sessionLookups
      for (let i = 0; i < 5; i += 1) expect((await viewer(b, cookie)).statusCode).toBe(200)
      return sessionLookups - before
    }
    await elsewhere(lookupsForFive).toBe(0)
  })

  it('honours a sign-out on every process at once', async () => {
    const { cookie } = await cachedEverywhere()
    const out = await a.app.inject({ method: 'POST', url: '/auth/logout', headers: { cookie } })
    expect(out.statusCode).toBe(204)
    expect((await viewer(a, cookie)).statusCode).toBe(401)
    await elsewhere(async () => (await viewer(b, cookie)).statusCode).toBe(401)
  })

  it('honours a password reset (every other session signed out) on every process', async () => {
    const { user, cookie } = await cachedEverywhere()
    await deleteUserSessions(a.db, { userId: user.id, now: new Date() })
    expect((await viewer(a, cookie)).statusCode).toBe(401)
    await elsewhere(async () => (await viewer(b, cookie)).statusCode).toBe(401)
  })

  it('honours a suspension and a role change on every process', async () => {
    const { user, cookie } = await cachedEverywhere()
    const until = new Date(Date.now() + 86_400_000)
    await a.db.update(usersTable).set({ suspendedUntil: until }).where(eq(usersTable.id, user.id))
    expect((await viewer(a, cookie)).json().suspendedUntil).toBe(until.toISOString())
    await elsewhere(async () => (await viewer(b, cookie)).json().suspendedUntil).toBe(
      until.toISOString(),
    )

    await a.db
      .update(usersTable)
      .set({ roles: ['member', 'moderator'] })
      .where(eq(usersTable.id, user.id))
    // Held at once; in force once the session proves a second factor (issue 39).
    expect((await viewer(a, cookie)).json().rolesAwaitingSecondFactor).toEqual(['moderator'])
    await elsewhere(async () => (await viewer(b, cookie)).json().rolesAwaitingSecondFactor).toEqual(
      ['moderator'],
    )
  })
})

describe('SessionCache', () => {
  const now = new Date('2026-11-25T12:00:00Z')
  const row = (userId: string): SessionRow => ({
    sessionId: `session-of-${userId}`,
    persistent: true,
    createdAt: now,
    lastUsedAt: now,
    expiresAt: new Date(now.getTime() + 60_000),
    userId,
    displayName: userId,
    roles: ['member'],
    emailVerifiedAt: now,
    profileCompletedAt: now,
    suspendedUntil: null,
    pendingSince: null,
    secondFactorAt: null,
    twoStepSince: null,
  })

  it('keeps a row a few seconds, and never past its session', () => {
    const cache = new SessionCache()
    cache.set('h', row('u1'), now, cache.version())
    expect(cache.get('h', new Date(now.getTime() + 5_000))?.userId).toBe('u1')
    expect(cache.get('h', new Date(now.getTime() + 11_000))).toBeUndefined()
    const ending = { ...row('u2'), expiresAt: new Date(now.getTime() + 1_000) }
    cache.set('e', ending, now, cache.version())
    expect(cache.get('e', new Date(now.getTime() + 1_000))).toBeUndefined()
  })

  it('does not store a row read while a change came in', () => {
    const cache = new SessionCache()
    const version = cache.version()
    cache.forgetUser('someone')
    cache.set('h', row('u1'), now, version)
    expect(cache.get('h', now)).toBeUndefined()
  })

  it('forgets only the changed user, and stores nothing once disabled', () => {
    const cache = new SessionCache()
    cache.set('h1', row('u1'), now, cache.version())
    cache.set('h2', row('u2'), now, cache.version())
    cache.forgetUser('u1')
    expect(cache.get('h1', now)).toBeUndefined()
    expect(cache.get('h2', now)?.userId).toBe('u2')
    cache.disable()
    cache.set('h3', row('u3'), now, cache.version())
    expect(cache.get('h2', now)).toBeUndefined()
    expect(cache.get('h3', now)).toBeUndefined()
  })
})
