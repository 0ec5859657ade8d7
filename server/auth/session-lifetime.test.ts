import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../tests/helpers/test-app'
import { createUser, type TestUser } from '../../tests/helpers/users'

// Issue 37, DESIGN §5: sessions rotate on sign-in, slide, and end after an absolute lifetime.
let t: TestApp
let clock = new Date('2026-04-01T08:00:00Z')
let ipCounter = 0
const DAY_MS = 24 * 60 * 60 * 1000

beforeAll(async () => {
  t = await createTestApp({ now: () => clock })
})
afterAll(() => t.close())

interface SetCookie {
  name: string
  value: string
  maxAge?: number
}

async function signIn(user: TestUser, cookie?: string) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/auth/password',
    remoteAddress: `10.38.0.${++ipCounter}`,
    headers: cookie ? { cookie } : {},
    payload: { email: user.email, password: user.password, rememberMe: true },
  })
  expect(response.statusCode).toBe(204)
  const set = (response.cookies as SetCookie[]).find((c) => c.name === 'session')!
  return { cookie: `session=${set.value}`, maxAge: set.maxAge }
}

async function check(cookie: string) {
  const response = await t.app.inject({ method: 'GET', url: '/auth/session', headers: { cookie } })
  const renewed = (response.cookies as SetCookie[]).find((c) => c.name === 'session')
  return {
    signedIn: (response.json() as { isAuthenticated: boolean }).isAuthenticated,
    maxAge: renewed?.maxAge,
  }
}

describe('signing in on a browser that holds a session', () => {
  it('ends the old session: its token no longer works', async () => {
    const user = await createUser(t.db)
    const first = await signIn(user)
    const second = await signIn(user, first.cookie)
    expect(second.cookie).not.toBe(first.cookie)
    expect((await check(first.cookie)).signedIn).toBe(false)
    expect((await check(second.cookie)).signedIn).toBe(true)
  })

  it("ends someone else's session left in the browser too", async () => {
    const [ann, bea] = [await createUser(t.db), await createUser(t.db)]
    const anns = await signIn(ann)
    const beas = await signIn(bea, anns.cookie)
    expect((await check(anns.cookie)).signedIn).toBe(false)
    expect((await check(beas.cookie)).signedIn).toBe(true)
  })
})

describe('a remembered session', () => {
  it('ends 90 days after sign-in even when used every day, and its cookie never outlives it', async () => {
    const user = await createUser(t.db)
    const signedInAt = clock.getTime()
    const { cookie } = await signIn(user)
    for (let day = 1; day < 90; day++) {
      clock = new Date(signedInAt + day * DAY_MS)
      const used = await check(cookie)
      expect(used.signedIn).toBe(true)
      // The renewed cookie lasts 30 days, or until the 90th day once that is nearer.
      expect(used.maxAge).toBe(Math.min(30, 90 - day) * 24 * 60 * 60)
    }
    clock = new Date(signedInAt + 90 * DAY_MS + 60_000)
    expect((await check(cookie)).signedIn).toBe(false)
    // Signing in again starts a new 90 days.
    const again = await signIn(user)
    expect((await check(again.cookie)).signedIn).toBe(true)
  }, 60_000)
})
