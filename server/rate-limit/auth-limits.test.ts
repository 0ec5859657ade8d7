import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../tests/helpers/test-app'
import { createUser, signIn } from '../../tests/helpers/users'
import { AUTH_LIMITS } from './auth-limits'

let t: TestApp

beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

const forgot = (app: TestApp['app'], email: string, ip: string) =>
  app.inject({
    method: 'POST',
    url: '/auth/forgot-password',
    remoteAddress: ip,
    payload: { email },
  })

describe('auth rate limits', () => {
  it('limits mail to one address, whichever IPs ask', async () => {
    const email = 'flooded@example.test'
    for (let i = 0; i < AUTH_LIMITS.sendsMail.perAccount; i++) {
      expect((await forgot(t.app, email, `10.2.0.${i}`)).statusCode).toBe(202)
    }
    const refused = await forgot(t.app, email, '10.2.1.1')
    expect(refused.statusCode).toBe(429)
    // The wait as a number too, for the other languages' wording (i18n/problem-language.ts).
    const wait = Number(refused.headers['retry-after'])
    expect(refused.json()).toMatchObject({
      title: 'rate_limited',
      detail: `Too many requests. Please wait ${wait} seconds and try again.`,
      retry_after_seconds: wait,
    })
    // Another address is not affected.
    expect((await forgot(t.app, 'someone-else@example.test', '10.2.1.1')).statusCode).toBe(202)
  })

  it('limits one IP, whichever addresses it names', async () => {
    for (let i = 0; i < AUTH_LIMITS.sendsMail.perIp; i++) {
      expect((await forgot(t.app, `person-${i}@example.test`, '10.3.0.1')).statusCode).toBe(202)
    }
    expect((await forgot(t.app, 'one-more@example.test', '10.3.0.1')).statusCode).toBe(429)
    expect((await forgot(t.app, 'one-more@example.test', '10.3.0.2')).statusCode).toBe(202)
  })

  it('counts an IPv6 /64 as one IP, so hopping within it gains nothing', async () => {
    for (let i = 0; i < AUTH_LIMITS.sendsMail.perIp; i++) {
      const ip = `2001:db8:3:4::${(i + 1).toString(16)}`
      expect((await forgot(t.app, `v6-person-${i}@example.test`, ip)).statusCode).toBe(202)
    }
    const sameNetwork = await forgot(t.app, 'v6-more@example.test', '2001:db8:3:4:ffff::1')
    expect(sameNetwork.statusCode).toBe(429)
    expect((await forgot(t.app, 'v6-more@example.test', '2001:db8:3:5::1')).statusCode).toBe(202)
  })
})

describe('GET /auth/session', () => {
  it('limits anonymous checks per IP but never a signed-in member', async () => {
    const cookie = await signIn(t.app, await createUser(t.db))
    const check = (headers: Record<string, string>) =>
      t.app.inject({ method: 'GET', url: '/auth/session', remoteAddress: '10.5.0.1', headers })
    for (let i = 0; i < AUTH_LIMITS.read.perIp; i++) expect((await check({})).statusCode).toBe(200)
    expect((await check({})).statusCode).toBe(429)
    expect((await check({ cookie })).json()).toEqual({
      isAuthenticated: true,
      hasProfile: true,
      isPending: false,
    })
  })
})

// CI sets TEST_REDIS_URL (scripts/test.mjs runs the server suite again with it).
describe.runIf(!!process.env.TEST_REDIS_URL)('with REDIS_URL', () => {
  it('shares the counters between server processes', async () => {
    const env = { REDIS_URL: process.env.TEST_REDIS_URL ?? '' }
    const first = await createTestApp({ env, database: t.database })
    const second = await createTestApp({ env, database: t.database })
    try {
      // Redis outlives the test run: fresh keys each time.
      const email = `shared-${randomUUID()}@example.test`
      const subnet = Math.floor(Math.random() * 250)
      for (let i = 0; i < AUTH_LIMITS.sendsMail.perAccount; i++) {
        const app = i % 2 === 0 ? first.app : second.app
        expect((await forgot(app, email, `10.${subnet}.${i}.1`)).statusCode).toBe(202)
      }
      expect((await forgot(first.app, email, `10.${subnet}.99.9`)).statusCode).toBe(429)
      expect((await forgot(second.app, email, `10.${subnet}.99.9`)).statusCode).toBe(429)
    } finally {
      await first.close()
      await second.close()
    }
  })
})
