import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../app'
import type { DatabaseHandle } from '../../db/client'
import { guardedLogger } from '../../../tests/helpers/logged-errors'
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app'
import { testConfig } from '../../../tests/helpers/test-config'
import { createTestDatabase } from '../../../tests/helpers/test-db'
import { stepAt, totpCode } from '../../../tests/helpers/two-step'
import { createUser, signIn, TEST_PASSWORD } from '../../../tests/helpers/users'
import { sessionCookieName } from '../session-cookie'
import { SEALED_PREFIX } from './secret-seal'
import { totpCredentialsTable } from './two-step.table'

// ADR 0040: with TOTP_SECRET_KEY set, two-step secrets are sealed in the database (a copy of it
// makes no codes), secrets kept before the key was set are sealed at start, and a process that
// cannot open them refuses to start instead of refusing every member's code.
const KEY = 'a-test-key-of-at-least-32-characters'

let database: DatabaseHandle
const apps: TestApp[] = []

beforeAll(async () => {
  database = await createTestDatabase()
})
afterAll(async () => {
  for (const t of apps) await t.close()
  await database.close()
})

async function appWith(env: Record<string, string>) {
  const t = await createTestApp({ database, env })
  apps.push(t)
  return t
}

async function turnOn(t: TestApp) {
  const user = await createUser(t.db)
  const cookie = await signIn(t.app, user)
  const start = await t.app.inject({
    method: 'POST',
    url: '/api/v1/users/me/totp',
    headers: { cookie },
  })
  const { secret } = start.json<{ secret: string }>()
  const confirmed = await t.app.inject({
    method: 'POST',
    url: '/api/v1/users/me/totp/confirm',
    headers: { cookie },
    payload: { code: totpCode(secret, stepAt(t.app.deps.now())) },
  })
  expect(confirmed.statusCode, confirmed.body).toBe(200)
  return { user, secret }
}

async function storedSecret(userId: string) {
  const [row] = await database.db
    .select({ secret: totpCredentialsTable.secret })
    .from(totpCredentialsTable)
    .where(eq(totpCredentialsTable.userId, userId))
  return row!.secret
}

/** A password sign-in answered with the code for the step after now (each step counts once). */
async function signInWithCode(t: TestApp, email: string, secret: string) {
  const password = await t.app.inject({
    method: 'POST',
    url: '/auth/password',
    payload: { email, password: TEST_PASSWORD, rememberMe: false },
  })
  const name = sessionCookieName(t.app.deps.config)
  const cookie = [password.headers['set-cookie'] ?? []]
    .flat()
    .find((line) => line.startsWith(`${name}=`))!
    .split(';')[0]!
  return t.app.inject({
    method: 'POST',
    url: '/auth/second-factor',
    headers: { cookie },
    payload: { code: totpCode(secret, stepAt(t.app.deps.now()) + 1) },
  })
}

async function startFails(env: Record<string, string>) {
  const app = await buildApp({ config: testConfig(env), database, logger: guardedLogger() })
  try {
    await app.ready()
    return null
  } catch (error) {
    return (error as Error).message
  } finally {
    await app.close()
  }
}

describe('two-step secrets and TOTP_SECRET_KEY', () => {
  let before: { user: { id: string; email: string }; secret: string }

  it('keeps a secret as it is while no key is set', async () => {
    before = await turnOn(await appWith({}))
    expect(await storedSecret(before.user.id)).toBe(before.secret)
  })

  it('seals the secrets kept before the key at start, and they still take their codes', async () => {
    const sealing = await appWith({ TOTP_SECRET_KEY: KEY })
    const stored = await storedSecret(before.user.id)
    expect(stored.startsWith(SEALED_PREFIX)).toBe(true)
    expect(stored).not.toContain(before.secret)
    const answer = await signInWithCode(sealing, before.user.email, before.secret)
    expect(answer.statusCode, answer.body).toBe(204)
  })

  it('seals a secret set up with the key, which then takes its code', async () => {
    const sealing = await appWith({ TOTP_SECRET_KEY: KEY })
    const member = await turnOn(sealing)
    const stored = await storedSecret(member.user.id)
    expect(stored.startsWith(SEALED_PREFIX)).toBe(true)
    expect(stored).not.toContain(member.secret)
    const answer = await signInWithCode(sealing, member.user.email, member.secret)
    expect(answer.statusCode, answer.body).toBe(204)
  })

  it('refuses to start over sealed secrets without the key, or with another one', async () => {
    expect(await startFails({})).toMatch(/TOTP_SECRET_KEY is not set/)
    expect(await startFails({ TOTP_SECRET_KEY: 'another-key-of-at-least-32-characters' })).toMatch(
      /does not open/,
    )
  })
})
