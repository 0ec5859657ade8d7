import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ProfileMessage, ProfileSchema } from '@contract/users'
import { createTestApp, type TestApp } from '../../tests/helpers/test-app'
import { lastLinkTo } from '../../tests/helpers/mailbox'
import { createUser, signIn } from '../../tests/helpers/users'
import { usersTable } from '../users/users.table'

let t: TestApp

beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

const get = (url: string, cookie: string) =>
  t.app.inject({ method: 'GET', url, headers: { cookie } })
const save = (cookie: string, body: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/v1/users/profile', headers: { cookie }, payload: body })
const form = (email: string) => ({
  user_id: '',
  display_name: '',
  first_name: 'Miriam',
  last_name: 'Okafor',
  email,
  phone_number: '+44 20 7946 0958',
  country_iso2: 'gb',
  gender: 'female',
  birth_month: '2',
  birth_day: 29,
  provider: '',
  provider_user_id: '',
  idp_provider: '',
  tenant_id: '',
})

describe('GET /api/v1/users/me', () => {
  it('answers 401 without a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/users/me' })).statusCode).toBe(401)
  })

  it('returns the own profile on both spellings, with onboarding prefill before onboarding', async () => {
    const user = await createUser(t.db, { hasProfile: false, emailVerified: false })
    const cookie = await signIn(t.app, user)
    for (const url of ['/api/v1/users/me', '/api/v1/users/me/']) {
      const profile = ProfileSchema.parse((await get(url, cookie)).json())
      expect(profile).toMatchObject({
        user_id: user.id,
        display_name: user.displayName,
        first_name: null,
        email: user.email,
        email_verified: false,
        is_moderator: false,
        roles: ['member'],
        has_profile: false,
        onboarding_profile: { email: user.email, first_name: null, provider: null },
      })
    }
  })

  it('flags moderators', async () => {
    const cookie = await signIn(t.app, await createUser(t.db, { roles: ['member', 'moderator'] }))
    expect((await get('/api/v1/users/me', cookie)).json()).toMatchObject({
      is_moderator: true,
      has_profile: true,
    })
  })
})

describe('POST /api/v1/users/profile', () => {
  it('saves the onboarding form, completes the profile and returns it', async () => {
    const user = await createUser(t.db, { hasProfile: false })
    const cookie = await signIn(t.app, user)
    const response = await save(cookie, form(user.email))
    expect(response.statusCode).toBe(200)
    expect(response.json()).toMatchObject({
      first_name: 'Miriam',
      last_name: 'Okafor',
      has_profile: true,
      email_verified: true,
    })
    const [row] = await t.db.select().from(usersTable).where(eq(usersTable.id, user.id))
    expect(row).toMatchObject({
      countryIso2: 'GB',
      gender: 'female',
      birthMonth: 2,
      birthDay: 29,
      phoneNumber: '+44 20 7946 0958',
    })
    // The public name stays the assigned one, whatever the real name is.
    expect(row!.displayName).toBe(user.displayName)
    expect((await get('/auth/session', cookie)).json()).toEqual({
      isAuthenticated: true,
      hasProfile: true,
      isPending: false,
    })
  })

  it('answers 400 with the spec message for an impossible day', async () => {
    const user = await createUser(t.db, { hasProfile: false })
    const response = await save(await signIn(t.app, user), {
      ...form(user.email),
      birth_month: 4,
      birth_day: 31,
    })
    expect(response.statusCode).toBe(400)
    expect(response.body).toContain('Please enter a valid day (1–30) for the selected month.')
  })

  it('refuses an email another account uses, with the changed-email message', async () => {
    const other = await createUser(t.db)
    const user = await createUser(t.db, { hasProfile: false })
    const response = await save(await signIn(t.app, user), {
      ...form(other.email.toUpperCase()),
      current_password: user.password,
    })
    expect(response.statusCode).toBe(409)
    expect(response.json()).toMatchObject({
      title: 'email_taken',
      detail: ProfileMessage.emailTakenChanged,
    })
  })

  it('checks a changed email even when the form names a provider, and lets the own address through', async () => {
    const other = await createUser(t.db)
    const user = await createUser(t.db, { hasProfile: false })
    const response = await save(await signIn(t.app, user), {
      ...form(other.email),
      provider: 'google',
      current_password: user.password,
    })
    expect(response.json()).toMatchObject({ status: 409, detail: ProfileMessage.emailTakenChanged })
    const own = await save(await signIn(t.app, user), { ...form(user.email), provider: 'google' })
    expect(own.statusCode).toBe(200)
  })

  it('lets an address never verified be corrected at once, and mails a link to the new one', async () => {
    const user = await createUser(t.db, { hasProfile: false, emailVerified: false })
    const cookie = await signIn(t.app, user)
    const response = await save(cookie, form('Moved-Here@Example.test'))
    expect(response.json()).toMatchObject({
      email: 'moved-here@example.test',
      email_verified: false,
    })
    const link = await lastLinkTo(t.app, 'moved-here@example.test')
    const verified = await t.app.inject({ method: 'GET', url: `${link.pathname}${link.search}` })
    expect(verified.headers.location).toBe('/verify-email/result?verified=1')
    expect((await get('/api/v1/users/me', cookie)).json()).toMatchObject({ email_verified: true })
  })
})

describe('GET /api/v1/users/display-name', () => {
  it('returns the assigned display name in both spellings', async () => {
    const user = await createUser(t.db, { hasProfile: false })
    const response = await get(
      '/api/v1/users/display-name?gender=female',
      await signIn(t.app, user),
    )
    expect(response.json()).toEqual({
      displayName: user.displayName,
      display_name: user.displayName,
    })
  })
})

describe('privacy', () => {
  it('no users call answers with another member’s email or real name', async () => {
    const other = await createUser(t.db)
    const [otherRow] = await t.db.select().from(usersTable).where(eq(usersTable.id, other.id))
    const cookie = await signIn(t.app, await createUser(t.db))
    for (const url of [
      '/api/v1/users/me',
      '/api/v1/users/me/',
      '/api/v1/users/display-name',
      '/auth/session',
    ]) {
      const body = (await get(url, cookie)).body
      expect(body).not.toContain(other.email)
      expect(body).not.toContain(otherRow!.lastName!)
    }
    const identifier = await t.app.inject({
      method: 'POST',
      url: '/auth/identifier',
      payload: { email: other.email },
    })
    expect(Object.keys(identifier.json()).sort()).toEqual(['hasLocal', 'next', 'providers'])
  })
})
