import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AccountSessionsSchema } from '@contract/account'
import { mailsTo } from '../../../tests/helpers/mailbox'
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app'
import { createUser, signIn, type TestUser } from '../../../tests/helpers/users'

// Issue 39: the devices signed in to an account, signing them out, and the new-device mail.
let t: TestApp
let clock = new Date('2026-07-01T08:00:00Z')
let n = 0
const ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36'
const WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0'

beforeAll(async () => {
  t = await createTestApp({ now: () => clock })
})
afterAll(() => t.close())

const sessions = (cookie: string) =>
  t.app.inject({ method: 'GET', url: '/api/v1/users/me/sessions', headers: { cookie } })
const signOut = (cookie: string, id?: string) =>
  t.app.inject({
    method: 'DELETE',
    url: id === undefined ? '/api/v1/users/me/sessions' : `/api/v1/users/me/sessions/${id}`,
    headers: { cookie },
  })
const alive = async (cookie: string) =>
  (await t.app.inject({ method: 'GET', url: '/api/v1/users/me', headers: { cookie } }))
    .statusCode === 200

/** POST /auth/password from a browser: its cookies back (`session=…; device=…`). */
async function passwordSignIn(user: TestUser, userAgent: string, deviceCookie = '') {
  const answer = await t.app.inject({
    method: 'POST',
    url: '/auth/password',
    remoteAddress: `10.7.0.${++n}`,
    headers: { 'user-agent': userAgent, ...(deviceCookie ? { cookie: deviceCookie } : {}) },
    payload: { email: user.email, password: user.password, rememberMe: true },
  })
  expect(answer.statusCode).toBe(204)
  const jar = new Map(answer.cookies.map((cookie) => [cookie.name, cookie.value]))
  const device = jar.get('device') ? `device=${jar.get('device')}` : deviceCookie
  return { session: `session=${jar.get('session')}`, device }
}

describe('GET /api/v1/users/me/sessions', () => {
  it('lists each signed-in browser by name, most recently used first, marking this one', async () => {
    const user = await createUser(t.db)
    const phone = await passwordSignIn(user, ANDROID)
    clock = new Date(clock.getTime() + 60_000)
    const laptop = await passwordSignIn(user, WINDOWS)
    const answer = await sessions(laptop.session)
    expect(answer.statusCode).toBe(200)
    const { items } = AccountSessionsSchema.parse(answer.json())
    expect(items.map(({ device, current }) => ({ device, current }))).toEqual([
      { device: 'Firefox on Windows', current: true },
      { device: 'Chrome on Android', current: false },
    ])
    expect(items[1]).toEqual({
      session_id: expect.any(String),
      device: 'Chrome on Android',
      created_at: '2026-07-01T08:00:00.000Z',
      last_active_at: '2026-07-01T08:00:00.000Z',
      current: false,
    })
    // Only these five fields: no address, no raw user agent, and the id is not the token.
    expect(JSON.stringify(answer.json())).not.toContain(phone.session.split('=')[1])
    expect(JSON.stringify(answer.json())).not.toMatch(/10\.7\.0|Pixel|Mozilla/)
  })

  it('moves last_active_at only every few minutes, not on each request', async () => {
    const user = await createUser(t.db)
    const cookie = await signIn(t.app, user)
    const start = clock
    const lastActive = async () =>
      AccountSessionsSchema.parse((await sessions(cookie)).json()).items[0]!.last_active_at
    clock = new Date(start.getTime() + 60_000)
    expect(await lastActive()).toBe(start.toISOString())
    clock = new Date(start.getTime() + 6 * 60_000)
    expect(await lastActive()).toBe(clock.toISOString())
  })

  it('needs a session', async () => {
    expect((await sessions('')).statusCode).toBe(401)
  })
})

describe('signing devices out', () => {
  it('signs out one of the member’s own sessions, and not another member’s (404)', async () => {
    const user = await createUser(t.db)
    const here = await signIn(t.app, user)
    const lost = await signIn(t.app, user)
    const stranger = await createUser(t.db)
    const theirs = await signIn(t.app, stranger)
    const [theirId] = AccountSessionsSchema.parse((await sessions(theirs)).json()).items
    const notMine = await signOut(here, theirId!.session_id)
    expect(notMine.statusCode).toBe(404)
    expect(await alive(theirs)).toBe(true)
    expect((await signOut(here, 'not-a-session')).statusCode).toBe(404)

    const lostId = AccountSessionsSchema.parse((await sessions(here)).json()).items.find(
      (item) => !item.current,
    )!.session_id
    expect((await signOut(here, lostId)).statusCode).toBe(204)
    expect(await alive(lost)).toBe(false)
    expect(await alive(here)).toBe(true)
    expect((await signOut(here, lostId)).statusCode).toBe(404)
  })

  it('signs out every other session, keeping this one', async () => {
    const user = await createUser(t.db)
    const here = await signIn(t.app, user)
    const others = [await signIn(t.app, user), await signIn(t.app, user)]
    const stranger = await signIn(t.app, await createUser(t.db))
    expect((await signOut(here)).statusCode).toBe(204)
    for (const other of others) expect(await alive(other)).toBe(false)
    expect(await alive(here)).toBe(true)
    expect(await alive(stranger)).toBe(true)
    expect(AccountSessionsSchema.parse((await sessions(here)).json()).items).toHaveLength(1)
  })
})

describe('the new-device mail', () => {
  it('tells the member once per browser they had not signed in from, never of the first', async () => {
    const user = await createUser(t.db)
    const subjects = async () => (await mailsTo(t.app, user.email)).map((mail) => mail.subject)
    const laptop = await passwordSignIn(user, WINDOWS)
    await passwordSignIn(user, WINDOWS, laptop.device)
    expect(await subjects()).toEqual([])

    const phone = await passwordSignIn(user, ANDROID)
    const [mail, ...rest] = await mailsTo(t.app, user.email)
    expect(rest).toEqual([])
    expect(mail?.subject).toBe('A new sign-in to your account')
    expect(mail?.text).toContain('from Chrome on Android on 1 July 2026 at')
    // Nothing that names the member in public or where they were: only the device and time.
    expect(mail?.text).not.toContain(user.displayName)
    expect(mail?.text).not.toMatch(/10\.7\.0/)

    await passwordSignIn(user, ANDROID, phone.device)
    await passwordSignIn(user, WINDOWS, laptop.device)
    expect(await subjects()).toEqual(['A new sign-in to your account'])
  })
})
