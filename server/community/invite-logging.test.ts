import { Writable } from 'node:stream'
import pino from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { CreatedInvite } from '@contract/invites'
import { buildApp, type App } from '../app'
import type { DatabaseHandle } from '../db/client'
import { testConfig } from '../../tests/helpers/test-config'
import { createTestDatabase } from '../../tests/helpers/test-db'
import { createUser, signIn } from '../../tests/helpers/users'

// Issue 38: an invite code is a bearer secret. Neither it nor the newcomer's address reaches the
// logs, at the most talkative level, through its creation, a sign-up and a social start.
let logged = ''
let app: App
let database: DatabaseHandle

beforeAll(async () => {
  database = await createTestDatabase()
  const sink = new Writable({
    write(chunk, _encoding, done) {
      logged += String(chunk)
      done()
    },
  })
  app = await buildApp({
    config: testConfig({
      GOOGLE_CLIENT_ID: 'google-client',
      GOOGLE_CLIENT_SECRET: 'google-secret',
      GOOGLE_AUTHORIZE_URL: 'http://127.0.0.1:9/authorize',
      GOOGLE_TOKEN_URL: 'http://127.0.0.1:9/token',
      GOOGLE_USERINFO_URL: 'http://127.0.0.1:9/userinfo',
    }),
    database,
    logger: pino({ level: 'trace' }, sink),
  })
  await app.ready()
})
afterAll(async () => {
  await app.close()
  await database.close()
})

describe('invite codes in the logs', () => {
  it('never appear, nor the address that signed up with one', async () => {
    const admin = await signIn(app, await createUser(app.deps.db, { roles: ['member', 'admin'] }))
    const closed = await app.inject({
      method: 'PUT',
      url: '/api/v1/admin/community',
      headers: { cookie: admin },
      payload: { join: 'invite' },
    })
    expect(closed.statusCode).toBe(200)
    const created = await app.inject({
      method: 'POST',
      url: '/api/v1/admin/invites',
      headers: { cookie: admin },
      payload: { expires_at: null, max_uses: null },
    })
    const { code } = created.json<CreatedInvite>()
    const email = 'quiet-newcomer@example.test'
    const password = 'Secret-garden-2024'
    const signedUp = await app.inject({
      method: 'POST',
      url: '/auth/signup',
      payload: { email, password, confirmPassword: password, acceptTerms: true, invite: code },
    })
    expect(signedUp.statusCode).toBe(202)
    const refused = await app.inject({
      method: 'POST',
      url: '/auth/signup',
      payload: {
        email: 'other@example.test',
        password,
        confirmPassword: password,
        acceptTerms: true,
        invite: `${code}x`,
      },
    })
    expect(refused.statusCode).toBe(403)
    const start = await app.inject({
      method: 'GET',
      url: `/auth/google/start?invite=${code}`,
      headers: { accept: 'text/html' },
    })
    expect(start.statusCode).toBe(302)
    await app.events.drain()

    expect(logged).toContain('/auth/signup')
    expect(logged).not.toContain(code)
    expect(logged).not.toContain(email)
    expect(logged).not.toContain('other@example.test')
  })
})
