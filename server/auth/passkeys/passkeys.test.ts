import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PasskeyErrorCode } from '@contract/passkeys'
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app'
import { createUser, signIn, type TestUser } from '../../../tests/helpers/users'
import { usersTable } from '../../users/users.table'
import { sessionCookieName } from '../session-cookie'
import { sessionsTable } from '../sessions.table'
import { passkeysTable } from './passkeys.table'
import { SoftwareAuthenticator } from './testing/software-authenticator'

// Issue 39: passkeys added, listed, renamed and removed, and signing in with one, against an
// authenticator in software.
let t: TestApp
let clock = new Date('2026-06-01T09:00:00Z')
const ORIGIN = 'http://localhost:3000'
const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36'

beforeAll(async () => {
  t = await createTestApp({ now: () => clock })
})
afterAll(() => t.close())

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE'
const call = (method: Method, url: string, cookie: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) })

/** The cookies an answer set, as a `Cookie` header to send back with `cookie`. */
const withSetCookies = (cookie: string, answer: { cookies: { name: string; value: string }[] }) =>
  [cookie, ...answer.cookies.map((c) => `${c.name}=${c.value}`)].filter(Boolean).join('; ')

async function addPasskey(
  user: TestUser,
  cookie: string,
  authenticator = new SoftwareAuthenticator({ origin: ORIGIN, rpId: 'localhost' }),
) {
  const options = await call('POST', '/api/v1/users/me/passkeys/options', cookie, {
    password: user.password,
  })
  expect(options.statusCode).toBe(200)
  const credential = authenticator.create(options.json())
  const added = await t.app.inject({
    method: 'POST',
    url: '/api/v1/users/me/passkeys',
    headers: { cookie: withSetCookies(cookie, options), 'user-agent': ANDROID_CHROME },
    payload: { credential },
  })
  return { added, authenticator, options: options.json() }
}

async function passkeySignIn(authenticator: SoftwareAuthenticator, counter?: number) {
  const options = await t.app.inject({ method: 'POST', url: '/auth/passkey/options' })
  expect(options.statusCode).toBe(200)
  const credential = authenticator.get(options.json().challenge, { counter })
  const cookie = withSetCookies('', options)
  const answer = await call('POST', '/auth/passkey', cookie, { credential })
  return { answer, cookie, credential }
}

const sessionOf = (answer: { cookies: { name: string; value: string }[] }) =>
  answer.cookies.find((c) => c.name === sessionCookieName(t.app.deps.config))?.value

describe('adding a passkey', () => {
  it('adds one named after the device, lists it, and excludes it from the next options', async () => {
    const user = await createUser(t.db)
    const cookie = await signIn(t.app, user)
    const { added, options } = await addPasskey(user, cookie)
    expect(options).toMatchObject({
      rp: { id: 'localhost' },
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
      attestation: 'none',
      excludeCredentials: [],
    })
    expect(added.statusCode).toBe(201)
    expect(added.json()).toMatchObject({ name: 'Chrome on Android', last_used_at: null })
    const list = await call('GET', '/api/v1/users/me/passkeys', cookie)
    expect(list.json().items).toEqual([added.json()])
    const again = await call('POST', '/api/v1/users/me/passkeys/options', cookie, {
      password: user.password,
    })
    const [row] = await t.db.select().from(passkeysTable).where(eq(passkeysTable.userId, user.id))
    expect(again.json().excludeCredentials).toEqual([
      { id: row!.credentialId, type: 'public-key', transports: ['internal'] },
    ])
  })

  it('asks for the password first, and refuses a wrong one', async () => {
    const user = await createUser(t.db)
    const cookie = await signIn(t.app, user)
    const none = await call('POST', '/api/v1/users/me/passkeys/options', cookie, {})
    expect(none.statusCode).toBe(403)
    const wrong = await call('POST', '/api/v1/users/me/passkeys/options', cookie, {
      password: 'not-the-password',
    })
    expect(wrong.statusCode).toBe(403)
    expect(wrong.cookies).toEqual([])
  })

  it('refuses an answer to a spent challenge, another origin or no challenge, saving nothing', async () => {
    const user = await createUser(t.db)
    const cookie = await signIn(t.app, user)
    const authenticator = new SoftwareAuthenticator({ origin: ORIGIN, rpId: 'localhost' })
    const options = await call('POST', '/api/v1/users/me/passkeys/options', cookie, {
      password: user.password,
    })
    const withChallenge = withSetCookies(cookie, options)
    const credential = authenticator.create(options.json())
    const phished = authenticator.create(options.json(), 'https://evil.example')
    const refused = await call('POST', '/api/v1/users/me/passkeys', withChallenge, {
      credential: phished,
    })
    expect(refused.statusCode).toBe(400)
    expect(refused.json().title).toBe(PasskeyErrorCode.verificationFailed)
    // The challenge was spent by the refused answer: the right one is now stale too.
    const replay = await call('POST', '/api/v1/users/me/passkeys', withChallenge, { credential })
    expect(replay.statusCode).toBe(400)
    expect(replay.json().title).toBe(PasskeyErrorCode.challengeExpired)
    const bare = await call('POST', '/api/v1/users/me/passkeys', cookie, { credential })
    expect(bare.json().title).toBe(PasskeyErrorCode.challengeExpired)
    const rows = await t.db.select().from(passkeysTable).where(eq(passkeysTable.userId, user.id))
    expect(rows).toEqual([])
  })

  it('refuses a challenge answered after five minutes, or by another member', async () => {
    const user = await createUser(t.db)
    const cookie = await signIn(t.app, user)
    const authenticator = new SoftwareAuthenticator({ origin: ORIGIN, rpId: 'localhost' })
    const options = await call('POST', '/api/v1/users/me/passkeys/options', cookie, {
      password: user.password,
    })
    const credential = authenticator.create(options.json())
    const other = await signIn(t.app, await createUser(t.db))
    const stolen = await call('POST', '/api/v1/users/me/passkeys', withSetCookies(other, options), {
      credential,
    })
    expect(stolen.json().title).toBe(PasskeyErrorCode.challengeExpired)

    const fresh = await call('POST', '/api/v1/users/me/passkeys/options', cookie, {
      password: user.password,
    })
    clock = new Date(clock.getTime() + 5 * 60 * 1000 + 1)
    const late = await call('POST', '/api/v1/users/me/passkeys', withSetCookies(cookie, fresh), {
      credential: authenticator.create(fresh.json()),
    })
    expect(late.statusCode).toBe(400)
    expect(late.json().title).toBe(PasskeyErrorCode.challengeExpired)
  })
})

describe('signing in with a passkey', () => {
  it('signs in with no address, as two factors, counting up and noting its use', async () => {
    const user = await createUser(t.db)
    const { authenticator } = await addPasskey(user, await signIn(t.app, user))
    const { answer } = await passkeySignIn(authenticator)
    expect(answer.statusCode).toBe(204)
    const token = sessionOf(answer)
    expect(token).toBeTruthy()
    const me = await call(
      'GET',
      '/auth/session',
      `${sessionCookieName(t.app.deps.config)}=${token}`,
    )
    expect(me.json()).toMatchObject({ isAuthenticated: true })
    const sessions = await t.db
      .select()
      .from(sessionsTable)
      .where(eq(sessionsTable.userId, user.id))
    const passkeySession = sessions.find((s) => s.secondFactorAt !== null)
    expect(passkeySession?.secondFactorAt).toEqual(clock)
    // The password sign-in the test began with proved one factor only.
    expect(sessions.filter((s) => s.secondFactorAt === null)).toHaveLength(1)
    const [row] = await t.db.select().from(passkeysTable).where(eq(passkeysTable.userId, user.id))
    expect(row).toMatchObject({ counter: 1, lastUsedAt: clock })
    expect((await passkeySignIn(authenticator)).answer.statusCode).toBe(204)
    const [after] = await t.db.select().from(passkeysTable).where(eq(passkeysTable.userId, user.id))
    expect(after!.counter).toBe(2)
  })

  it('refuses a replayed answer and a counter that went back, signing nobody in', async () => {
    const user = await createUser(t.db)
    const { authenticator } = await addPasskey(user, await signIn(t.app, user))
    const { answer, cookie, credential } = await passkeySignIn(authenticator)
    expect(answer.statusCode).toBe(204)
    const replay = await call('POST', '/auth/passkey', cookie, { credential })
    expect(replay.statusCode).toBe(400)
    expect(replay.json().title).toBe(PasskeyErrorCode.challengeExpired)
    expect(sessionOf(replay)).toBeUndefined()
    // A clone of the key, behind the original's count.
    const cloned = await passkeySignIn(authenticator, 1)
    expect(cloned.answer.statusCode).toBe(400)
    expect(cloned.answer.json().title).toBe(PasskeyErrorCode.verificationFailed)
    expect(sessionOf(cloned.answer)).toBeUndefined()
  })

  it('refuses a passkey nobody added here', async () => {
    const stranger = new SoftwareAuthenticator({ origin: ORIGIN, rpId: 'localhost' })
    stranger.create({ challenge: 'x', user: { id: 'nobody' } })
    const { answer } = await passkeySignIn(stranger)
    expect(answer.statusCode).toBe(401)
    expect(answer.json().title).toBe(PasskeyErrorCode.notRecognised)
  })
})

describe('renaming and removing passkeys', () => {
  it('reads, renames and removes one’s own, and another member’s is not found', async () => {
    const user = await createUser(t.db)
    const cookie = await signIn(t.app, user)
    const { added } = await addPasskey(user, cookie)
    const id = added.json().id as string
    const renamed = await call('PATCH', `/api/v1/users/me/passkeys/${id}`, cookie, {
      name: '  My phone  ',
    })
    expect(renamed.json()).toMatchObject({ id, name: 'My phone' })
    const read = await call('GET', `/api/v1/users/me/passkeys/${id}`, cookie)
    expect(read.statusCode).toBe(200)
    expect(read.json()).toEqual({
      id,
      name: 'My phone',
      created_at: expect.any(String) as string,
      last_used_at: null,
    })
    const empty = await call('PATCH', `/api/v1/users/me/passkeys/${id}`, cookie, { name: ' ' })
    expect(empty.statusCode).toBe(400)
    expect(empty.json().errors[0].field).toBe('name')

    const other = await signIn(t.app, await createUser(t.db))
    const theirs = await call('PATCH', `/api/v1/users/me/passkeys/${id}`, other, { name: 'Mine' })
    expect(theirs.statusCode).toBe(404)
    expect((await call('GET', `/api/v1/users/me/passkeys/${id}`, other)).statusCode).toBe(404)
    expect((await call('DELETE', `/api/v1/users/me/passkeys/${id}`, other)).statusCode).toBe(404)
    const [row] = await t.db.select().from(passkeysTable).where(eq(passkeysTable.id, id))
    expect(row!.name).toBe('My phone')

    expect((await call('DELETE', `/api/v1/users/me/passkeys/${id}`, cookie)).statusCode).toBe(204)
    expect((await call('GET', '/api/v1/users/me/passkeys', cookie)).json().items).toEqual([])
  })

  it('never removes the last way to sign in of an account without password or provider', async () => {
    const user = await createUser(t.db)
    const cookie = await signIn(t.app, user)
    const first = (await addPasskey(user, cookie)).added.json().id as string
    const second = (await addPasskey(user, cookie)).added.json().id as string
    await t.db.update(usersTable).set({ passwordHash: null }).where(eq(usersTable.id, user.id))
    expect((await call('DELETE', `/api/v1/users/me/passkeys/${first}`, cookie)).statusCode).toBe(
      204,
    )
    const last = await call('DELETE', `/api/v1/users/me/passkeys/${second}`, cookie)
    expect(last.statusCode).toBe(409)
    expect(last.json().title).toBe(PasskeyErrorCode.lastWayToSignIn)
    expect((await call('GET', '/api/v1/users/me/passkeys', cookie)).json().items).toHaveLength(1)
  })
})
