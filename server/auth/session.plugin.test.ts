import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../tests/helpers/test-app'
import { createUser, signIn } from '../../tests/helpers/users'
import { sessionsTable } from './sessions.table'

let t: TestApp

beforeAll(async () => {
  t = await createTestApp({
    extend: (app) => {
      app.get('/test/open', { config: { public: true } }, (request) => ({
        viewer: request.viewer?.userId ?? null,
      }))
      app.get('/test/closed', (request) => ({ viewer: request.viewer!.userId }))
      app.get('/test/profile', { config: { requireProfile: true } }, () => ({ ok: true }))
      app.get('/test/verified', { config: { requireVerifiedEmail: true } }, () => ({ ok: true }))
      app.get('/test/moderation', { config: { requireRole: 'moderator' } }, () => ({ ok: true }))
      app.get('/test/admin', { config: { requireRole: 'admin' } }, () => ({ ok: true }))
      app.post('/test/write', { config: { public: true } }, () => ({ ok: true }))
    },
  })
})
afterAll(() => t.close())

const get = (url: string, cookie?: string) =>
  t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} })

describe('session plugin', () => {
  it('answers 401 unauthenticated on a route that is not public, without a session', async () => {
    const response = await get('/test/closed')
    expect(response.statusCode).toBe(401)
    expect(response.json()).toMatchObject({ title: 'unauthenticated' })
    expect((await get('/test/open')).json()).toEqual({ viewer: null })
  })

  it('sets request.viewer from the session cookie', async () => {
    const user = await createUser(t.db)
    const cookie = await signIn(t.app, user)
    expect((await get('/test/closed', cookie)).json()).toEqual({ viewer: user.id })
    expect((await get('/test/open', cookie)).json()).toEqual({ viewer: user.id })
  })

  it('treats a forged or deleted session as none', async () => {
    expect((await get('/test/closed', 'session=forged-token')).statusCode).toBe(401)
    const user = await createUser(t.db)
    const cookie = await signIn(t.app, user)
    await t.db.delete(sessionsTable).where(eq(sessionsTable.userId, user.id))
    expect((await get('/test/closed', cookie)).statusCode).toBe(401)
  })

  it('refuses until onboarding is complete, and until the email is verified', async () => {
    const newcomer = await signIn(
      t.app,
      await createUser(t.db, { hasProfile: false, emailVerified: false }),
    )
    expect((await get('/test/profile', newcomer)).json()).toMatchObject({
      status: 403,
      title: 'onboarding_required',
    })
    expect((await get('/test/verified', newcomer)).json()).toMatchObject({
      status: 403,
      title: 'email_not_verified',
    })
    const member = await signIn(t.app, await createUser(t.db))
    expect((await get('/test/profile', member)).statusCode).toBe(200)
    expect((await get('/test/verified', member)).statusCode).toBe(200)
  })

  it('lets moderators and admins moderate, and only admins administer', async () => {
    const member = await signIn(t.app, await createUser(t.db))
    const moderator = await signIn(
      t.app,
      await createUser(t.db, { roles: ['member', 'moderator'] }),
    )
    const admin = await signIn(t.app, await createUser(t.db, { roles: ['member', 'admin'] }))
    expect((await get('/test/moderation', member)).json()).toMatchObject({
      status: 403,
      title: 'forbidden',
    })
    expect((await get('/test/moderation', moderator)).statusCode).toBe(200)
    expect((await get('/test/moderation', admin)).statusCode).toBe(200)
    expect((await get('/test/admin', moderator)).statusCode).toBe(403)
    expect((await get('/test/admin', admin)).statusCode).toBe(200)
  })

  it('still answers 404 for an unknown path rather than 401', async () => {
    expect((await get('/api/v1/nothing-here')).statusCode).toBe(404)
  })
})

describe('CSRF guard', () => {
  const write = (origin?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/test/write',
      headers: origin ? { origin } : {},
      payload: {},
    })

  it('refuses a browser write from another site', async () => {
    const response = await write('https://evil.example')
    expect(response.statusCode).toBe(403)
    expect(response.json()).toMatchObject({ title: 'cross_origin' })
  })

  it('accepts our own origin and clients that send no Origin', async () => {
    expect((await write('http://localhost:3000')).statusCode).toBe(200)
    expect((await write()).statusCode).toBe(200)
  })
})
