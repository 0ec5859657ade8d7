import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ProblemDetails } from '@contract/errors'
import type { CreatedInvite, Invite, InviteList } from '@contract/invites'
import type { AuditPage } from '@contract/moderation'
import { createTestApp, type TestApp } from '../../tests/helpers/test-app'
import { call } from '../../tests/helpers/call'
import { createUser, signIn } from '../../tests/helpers/users'
import { invitesTable } from '../community/invites.table'
import { hashInviteCode } from '../community/invites.service'

// Issue 38: admins and moderators create, read, list and revoke invite links; members cannot,
// visitors are asked to sign in; every change is audited with who made it, never with the code.
let t: TestApp
let clock = new Date('2026-05-01T09:00:00Z')
let admin: string
let moderator: string
let member: string

beforeAll(async () => {
  t = await createTestApp({ now: () => clock })
  admin = await signIn(
    t.app,
    await createUser(t.db, { roles: ['member', 'admin'], displayName: 'Admin Ada' }),
  )
  moderator = await signIn(
    t.app,
    await createUser(t.db, { roles: ['member', 'moderator'], displayName: 'Moderator Mo' }),
  )
  member = await signIn(t.app, await createUser(t.db))
})
afterAll(() => t.close())

const create = (cookie: string | undefined, body: object) =>
  call(t.app, cookie, 'POST', '/api/v1/admin/invites', body)

async function created(cookie: string, body: object): Promise<CreatedInvite> {
  const response = await create(cookie, body)
  expect(response.statusCode, response.body).toBe(201)
  return response.json()
}

const audit = async (): Promise<AuditPage> =>
  (await call(t.app, admin, 'GET', '/api/v1/moderation/audit?limit=50')).json()

describe('invite links', () => {
  it('are created with expiry and use count, read, listed and revoked, by admins and moderators', async () => {
    const expires = '2026-05-08T09:00:00.000Z'
    const invite = await created(moderator, { expires_at: expires, max_uses: 5 })
    expect(invite.code).toMatch(/^[A-Za-z0-9_-]{22}$/)
    expect(invite.url).toBe(`http://localhost:3000/login?invite=${invite.code}`)

    const read = await call(t.app, admin, 'GET', `/api/v1/admin/invites/${invite.invite_id}`)
    expect(read.statusCode).toBe(200)
    expect(read.json<Invite>()).toEqual({
      invite_id: invite.invite_id,
      code_hint: invite.code.slice(0, 4),
      created_at: clock.toISOString(),
      created_by: 'Moderator Mo',
      expires_at: expires,
      max_uses: 5,
      uses: 0,
      revoked_at: null,
      state: 'active',
    })
    // The code is answered once: never in a read, and only its hash is stored.
    expect(read.body).not.toContain(invite.code)
    const [row] = await t.db
      .select()
      .from(invitesTable)
      .where(eq(invitesTable.id, invite.invite_id))
    expect(row!.codeHash).toBe(hashInviteCode(invite.code))
    expect(JSON.stringify(row)).not.toContain(invite.code)

    const open = await created(admin, { expires_at: null, max_uses: null })
    const list = await call(t.app, moderator, 'GET', '/api/v1/admin/invites')
    expect(list.statusCode).toBe(200)
    const ids = list.json<InviteList>().items.map((item) => item.invite_id)
    expect(ids).toEqual(expect.arrayContaining([invite.invite_id, open.invite_id]))
    expect(list.body).not.toContain(invite.code)

    const revoked = await call(t.app, admin, 'DELETE', `/api/v1/admin/invites/${invite.invite_id}`)
    expect(revoked.statusCode).toBe(200)
    expect(revoked.json<Invite>()).toMatchObject({
      state: 'revoked',
      revoked_at: clock.toISOString(),
    })
    // A second revoke changes nothing and writes nothing.
    clock = new Date(clock.getTime() + 60_000)
    const again = await call(t.app, admin, 'DELETE', `/api/v1/admin/invites/${invite.invite_id}`)
    expect(again.json<Invite>().revoked_at).toBe(revoked.json<Invite>().revoked_at)

    const entries = (await audit()).items.filter((entry) => entry.target?.type === 'invite')
    expect(
      entries.map((entry) => [entry.action, entry.actor?.displayName, entry.target?.id]),
    ).toEqual([
      ['invite_revoke', 'Admin Ada', invite.invite_id],
      ['invite_create', 'Admin Ada', open.invite_id],
      ['invite_create', 'Moderator Mo', invite.invite_id],
    ])
    expect(entries.at(-1)!.details).toEqual({
      expires_at: expires,
      max_uses: 5,
      code_hint: invite.code.slice(0, 4),
    })
    expect(JSON.stringify(entries)).not.toContain(invite.code)
  })

  it('are refused to members (403) and visitors (401), with nothing created', async () => {
    const before = (await t.db.select().from(invitesTable)).length
    const { invite_id } = await created(admin, { expires_at: null, max_uses: 1 })
    for (const [cookie, status] of [
      [member, 403],
      [undefined, 401],
    ] as const) {
      expect((await create(cookie, { expires_at: null, max_uses: null })).statusCode).toBe(status)
      expect((await call(t.app, cookie, 'GET', '/api/v1/admin/invites')).statusCode).toBe(status)
      const url = `/api/v1/admin/invites/${invite_id}`
      expect((await call(t.app, cookie, 'GET', url)).statusCode).toBe(status)
      expect((await call(t.app, cookie, 'DELETE', url)).statusCode).toBe(status)
    }
    const rows = await t.db.select().from(invitesTable)
    expect(rows).toHaveLength(before + 1)
    expect(rows.find((row) => row.id === invite_id)!.revokedAt).toBeNull()
  })

  it('refuse a bad expiry or use count naming the field, with nothing saved', async () => {
    const before = (await t.db.select().from(invitesTable)).length
    for (const [body, field] of [
      [{ expires_at: 'next week', max_uses: null }, 'expires_at'],
      [{ expires_at: '2026-04-01T00:00:00Z', max_uses: null }, 'expires_at'],
      [{ expires_at: null, max_uses: 0 }, 'max_uses'],
      [{ expires_at: null, max_uses: 2.5 }, 'max_uses'],
      [{ max_uses: 3 }, 'expires_at'],
    ] as const) {
      const response = await create(admin, body)
      expect(response.statusCode, JSON.stringify(body)).toBe(400)
      expect(response.json<ProblemDetails>().errors?.map((error) => error.field)).toEqual([field])
    }
    expect(await t.db.select().from(invitesTable)).toHaveLength(before)
  })

  it('answer 404 for an invite that does not exist', async () => {
    const url = '/api/v1/admin/invites/0190a0a0-0000-7000-8000-000000000000'
    expect((await call(t.app, admin, 'GET', url)).statusCode).toBe(404)
    expect((await call(t.app, admin, 'DELETE', url)).statusCode).toBe(404)
  })
})
