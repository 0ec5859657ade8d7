import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { COMMUNITY_MESSAGES, type Community } from '@contract/community'
import { COMMUNITY_DEFAULTS } from '@contract/community-defaults'
import type { ProblemDetails } from '@contract/errors'
import type { AuditPage } from '@contract/moderation'
import { createTestApp, type TestApp } from '../../tests/helpers/test-app'
import { call } from '../../tests/helpers/call'
import { createUser, signIn } from '../../tests/helpers/users'

// Issue 38: the community's settings, read by anyone and changed by admins only, each change
// whole or not at all and in the audit log.
let t: TestApp
let admin: string
let moderator: string
let member: string

beforeAll(async () => {
  t = await createTestApp()
  admin = await signIn(
    t.app,
    await createUser(t.db, { roles: ['member', 'admin'], displayName: 'Admin Ada' }),
  )
  moderator = await signIn(t.app, await createUser(t.db, { roles: ['member', 'moderator'] }))
  member = await signIn(t.app, await createUser(t.db))
})
afterAll(() => t.close())

const read = async (cookie?: string): Promise<Community> => {
  const response = await call(t.app, cookie, 'GET', '/api/v1/community')
  expect(response.statusCode, response.body).toBe(200)
  return response.json()
}
const update = (cookie: string, body: object) =>
  call(t.app, cookie, 'PUT', '/api/v1/admin/community', body)

describe('community settings', () => {
  it('reads as the product’s defaults until an admin saves, then as saved, for anyone', async () => {
    expect(await read()).toEqual(COMMUNITY_DEFAULTS)
    const saved = await update(admin, {
      name: '  St Mary’s Parish ',
      short_name: 'St Mary’s',
      theme_color: '#7A1F2B',
      hero: 'Pray with St Mary’s',
      contact_email: 'office@stmarys.test',
      time_zone: 'Europe/Rome',
      join: 'approval',
      publish: 'first_posts',
      first_posts_held: 3,
      show_prayer_counts: false,
      anonymous_posting: false,
      auto_close_days: 90,
    })
    expect(saved.statusCode, saved.body).toBe(200)
    const expected = {
      ...COMMUNITY_DEFAULTS,
      name: 'St Mary’s Parish',
      short_name: 'St Mary’s',
      theme_color: '#7a1f2b',
      hero: 'Pray with St Mary’s',
      contact_email: 'office@stmarys.test',
      time_zone: 'Europe/Rome',
      join: 'approval',
      publish: 'first_posts',
      first_posts_held: 3,
      show_prayer_counts: false,
      anonymous_posting: false,
      auto_close_days: 90,
    }
    expect(saved.json()).toEqual(expected)
    expect(await read(member)).toEqual(expected)
    // Partial: what the update leaves out is kept.
    expect((await update(admin, { welcome: 'Welcome, friend.' })).json()).toEqual({
      ...expected,
      welcome: 'Welcome, friend.',
    })
  })

  it('never shows a closed community’s contact email to a visitor, only to its members', async () => {
    await update(admin, { join: 'invite', contact_email: 'office@stmarys.test' })
    expect((await read()).contact_email).toBeNull()
    expect((await read(member)).contact_email).toBe('office@stmarys.test')
    await update(admin, { join: 'open' })
    expect((await read()).contact_email).toBe('office@stmarys.test')
  })

  it('refuses a bad update whole, naming each bad field, and saves nothing', async () => {
    const before = await read(admin)
    const response = await update(admin, {
      name: '   ',
      short_name: 'Pray\u0000',
      theme_color: 'navy',
      hero: 'A new hero line',
    })
    expect(response.statusCode).toBe(400)
    const problem = response.json() as ProblemDetails
    expect(problem.title).toBe('validation_error')
    expect(problem.errors).toEqual(
      expect.arrayContaining([
        { field: 'name', message: COMMUNITY_MESSAGES.nameRequired },
        { field: 'short_name', message: COMMUNITY_MESSAGES.hiddenCharacters },
        { field: 'theme_color', message: COMMUNITY_MESSAGES.colourFormat },
      ]),
    )
    const lowContrast = await update(admin, { theme_color: '#f5d76e', name: 'Renamed' })
    expect(lowContrast.statusCode).toBe(400)
    expect((lowContrast.json() as ProblemDetails).errors).toEqual([
      { field: 'theme_color', message: COMMUNITY_MESSAGES.colourContrast },
    ])
    expect(await read(admin)).toEqual(before)
  })

  it('lets only admins change the settings', async () => {
    for (const cookie of [member, moderator])
      expect((await update(cookie, { name: 'Taken over' })).statusCode).toBe(403)
    expect(
      (await call(t.app, undefined, 'PUT', '/api/v1/admin/community', { name: 'X' })).statusCode,
    ).toBe(401)
    expect((await read()).name).not.toBe('Taken over')
  })

  it('records each change in the audit log with who made it and what it set', async () => {
    await update(admin, { hero: 'Come and pray' })
    const audit = (await call(t.app, admin, 'GET', '/api/v1/moderation/audit')).json() as AuditPage
    expect(audit.items[0]).toMatchObject({
      action: 'community_update',
      actor: { displayName: 'Admin Ada' },
      details: { hero: 'Come and pray' },
    })
  })
})
