import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AccountErrorCode, AccountMessage } from '@contract/account'
import { AuthErrorCode } from '@contract/auth'
import { EmailChangeErrorCode } from '@contract/users-email-change'
import { lastLinkTo, mailsTo } from '../../tests/helpers/mailbox'
import { createTestApp, type TestApp } from '../../tests/helpers/test-app'
import { createUser, signIn } from '../../tests/helpers/users'
import { usersTable } from '../users/users.table'
import { createContentPolicy } from '../content-policy/content-policy'

// Issue 39: the account screen's display name, email and password calls.
let t: TestApp
let clock = new Date('2026-06-01T09:00:00Z')
let n = 0
const DAY_MS = 24 * 60 * 60 * 1000

beforeAll(async () => {
  t = await createTestApp({ now: () => clock })
})
afterAll(() => t.close())

const call = (method: 'PATCH' | 'POST' | 'GET', url: string, cookie: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) })
const rename = (cookie: string, display_name: unknown) =>
  call('PATCH', '/api/v1/users/me', cookie, { display_name })
const userRow = async (id: string) =>
  (await t.db.select().from(usersTable).where(eq(usersTable.id, id)))[0]!
// Digits read as letters by the profanity filter ("455" is "ass") would make a random name a
// content-policy refusal now and then: a name the policy refuses is drawn again.
const policy = createContentPolicy()
function unique(stem: string): string {
  const name = `${stem} ${++n}${Math.floor(Math.random() * 1000)}`
  return policy.check(name.toUpperCase()).ok && policy.check(name).ok ? name : unique(stem)
}

describe('PATCH /api/v1/users/me (display name)', () => {
  it('changes the name, then refuses another change for a week, saying when', async () => {
    const user = await createUser(t.db)
    const cookie = await signIn(t.app, user)
    const name = unique('Quiet Harbor')
    const first = await rename(cookie, `  ${name}  `)
    expect(first.statusCode).toBe(200)
    expect(first.json()).toMatchObject({ display_name: name })
    expect((await userRow(user.id)).displayName).toBe(name)

    clock = new Date(clock.getTime() + 6 * DAY_MS)
    const soon = await rename(cookie, unique('Still Brook'))
    expect(soon.statusCode).toBe(429)
    expect(soon.json()).toMatchObject({
      title: AccountErrorCode.displayNameTooSoon,
      next_change_at: new Date(clock.getTime() + DAY_MS).toISOString(),
      detail: AccountMessage.displayNameTooSoon('8 June 2026 at 09:00 UTC'),
      errors: [{ field: 'display_name' }],
    })
    expect((await userRow(user.id)).displayName).toBe(name)

    clock = new Date(clock.getTime() + DAY_MS)
    expect((await rename(cookie, unique('Still Brook'))).statusCode).toBe(200)
  })

  it('refuses a name another member has, in any case, and keeps the old one', async () => {
    const other = await createUser(t.db, { displayName: unique('Golden Cedar') })
    const user = await createUser(t.db)
    const cookie = await signIn(t.app, user)
    const taken = await rename(cookie, other.displayName.toUpperCase())
    expect(taken.statusCode).toBe(409)
    expect(taken.json()).toMatchObject({
      title: AccountErrorCode.displayNameTaken,
      detail: AccountMessage.displayNameTaken,
      errors: [{ field: 'display_name' }],
    })
    expect((await userRow(user.id)).displayName).toBe(user.displayName)
  })

  it('refuses what the content policy refuses, and bad names, naming the field', async () => {
    const user = await createUser(t.db)
    const cookie = await signIn(t.app, user)
    const refused = await rename(cookie, 'Bullshit Cedar 7')
    expect(refused.statusCode).toBe(422)
    expect(refused.json()).toMatchObject({ title: 'content_policy' })
    for (const bad of ['ab', 'x'.repeat(33), 'Hidden\u200bName', 42]) {
      const answer = await rename(cookie, bad)
      expect(answer.statusCode).toBe(400)
      expect(answer.json().errors[0].field).toBe('display_name')
    }
    expect((await userRow(user.id)).displayName).toBe(user.displayName)
  })

  it('needs a session and a finished profile', async () => {
    expect((await rename('', 'Anyone Here')).statusCode).toBe(401)
    const newcomer = await createUser(t.db, { hasProfile: false })
    expect((await rename(await signIn(t.app, newcomer), 'Anyone Here')).statusCode).toBe(403)
  })
})

describe('POST /api/v1/users/me/email', () => {
  it('asks for the password, then mails both links; the new address takes over at its link', async () => {
    const user = await createUser(t.db)
    const cookie = await signIn(t.app, user)
    const to = `moved-${++n}@example.test`
    const bare = await call('POST', '/api/v1/users/me/email', cookie, { email: to })
    expect(bare.json()).toMatchObject({ status: 403, title: EmailChangeErrorCode.passwordRequired })
    const wrong = await call('POST', '/api/v1/users/me/email', cookie, {
      email: to,
      password: 'Not-the-password-1',
    })
    expect(wrong.json()).toMatchObject({ status: 403, title: EmailChangeErrorCode.passwordWrong })
    expect(await mailsTo(t.app, to)).toEqual([])

    const asked = await call('POST', '/api/v1/users/me/email', cookie, {
      email: to,
      password: user.password,
    })
    expect(asked.statusCode).toBe(202)
    expect(asked.json()).toEqual({ pending_email: to })
    expect((await userRow(user.id)).email).toBe(user.email)
    expect((await mailsTo(t.app, user.email))[0]?.subject).toBe('Your email is being changed')
    const link = await lastLinkTo(t.app, to)
    await t.app.inject({ method: 'GET', url: `${link.pathname}${link.search}` })
    expect((await userRow(user.id)).email).toBe(to)
  })

  it('answers an address another account has as any other, and mails that owner no link', async () => {
    const owner = await createUser(t.db)
    const user = await createUser(t.db)
    const cookie = await signIn(t.app, user)
    const asked = await call('POST', '/api/v1/users/me/email', cookie, {
      email: owner.email,
      password: user.password,
    })
    expect(asked.statusCode).toBe(202)
    expect(asked.json()).toEqual({ pending_email: owner.email })
    const [notice] = await mailsTo(t.app, owner.email)
    expect(notice?.subject).toBe('This email already has an account')
    expect(notice?.links.some((link) => link.includes('verify-email'))).toBe(false)
    expect((await userRow(user.id)).email).toBe(user.email)
  })

  it('refuses a bad address and the current one, naming the field', async () => {
    const user = await createUser(t.db)
    const cookie = await signIn(t.app, user)
    for (const email of ['not-an-address', user.email]) {
      const answer = await call('POST', '/api/v1/users/me/email', cookie, {
        email,
        password: user.password,
      })
      expect(answer.statusCode).toBe(400)
      expect(answer.json().errors[0].field).toBe('email')
    }
  })
})

describe('POST /api/v1/users/me/password', () => {
  const NEW = 'Evening-Lantern-2026'

  it('changes it with the current one, keeps this session and ends the others', async () => {
    const user = await createUser(t.db)
    const here = await signIn(t.app, user)
    const there = await signIn(t.app, user)
    const changed = await call('POST', '/api/v1/users/me/password', here, {
      current_password: user.password,
      new_password: NEW,
    })
    expect(changed.statusCode).toBe(204)
    expect((await call('GET', '/api/v1/users/me', here)).statusCode).toBe(200)
    expect((await call('GET', '/api/v1/users/me', there)).statusCode).toBe(401)
    expect((await mailsTo(t.app, user.email))[0]?.subject).toBe('Your password was changed')
    const signedIn = await t.app.inject({
      method: 'POST',
      url: '/auth/password',
      remoteAddress: `10.8.0.${++n}`,
      payload: { email: user.email, password: NEW, rememberMe: false },
    })
    expect(signedIn.statusCode).toBe(204)
  })

  it('refuses a missing or wrong current password, a weak or breached new one, changing nothing', async () => {
    const user = await createUser(t.db)
    const cookie = await signIn(t.app, user)
    const other = await signIn(t.app, user)
    const before = (await userRow(user.id)).passwordHash
    const cases = [
      [{ new_password: NEW }, 'validation_error', 'current_password'],
      [
        { current_password: 'Wrong-password-123', new_password: NEW },
        AccountErrorCode.currentPasswordWrong,
        'current_password',
      ],
      [
        { current_password: user.password, new_password: 'short' },
        'validation_error',
        'new_password',
      ],
      [
        { current_password: user.password, new_password: 'Password1234' },
        AuthErrorCode.breachedPassword,
        'new_password',
      ],
    ] as const
    for (const [body, title, field] of cases) {
      const answer = await call('POST', '/api/v1/users/me/password', cookie, body)
      expect(answer.statusCode, JSON.stringify(body)).toBe(400)
      expect(answer.json()).toMatchObject({ title, errors: [{ field }] })
    }
    expect((await userRow(user.id)).passwordHash).toBe(before)
    expect((await call('GET', '/api/v1/users/me', other)).statusCode).toBe(200)
  })

  it('lets a social-only account set its first password soon after signing in, without one', async () => {
    const user = await createUser(t.db)
    await t.db.update(usersTable).set({ passwordHash: null }).where(eq(usersTable.id, user.id))
    const cookie = await signIn(t.app, user)
    expect((await call('GET', '/api/v1/users/me', cookie)).json()).toMatchObject({
      has_password: false,
    })
    clock = new Date(clock.getTime() + 11 * 60 * 1000)
    const stale = await call('POST', '/api/v1/users/me/password', cookie, { new_password: NEW })
    expect(stale.json()).toMatchObject({
      status: 403,
      title: EmailChangeErrorCode.recentSignInRequired,
    })
    const fresh = await signIn(t.app, user)
    const set = await call('POST', '/api/v1/users/me/password', fresh, { new_password: NEW })
    expect(set.statusCode).toBe(204)
    expect((await userRow(user.id)).passwordHash).not.toBeNull()
    expect((await call('GET', '/api/v1/users/me', fresh)).json()).toMatchObject({
      has_password: true,
    })
  })
})
