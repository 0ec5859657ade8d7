import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AdminUser } from '@contract/moderation'
import { createTestApp, type TestApp } from '../../tests/helpers/test-app'
import { turnOnTwoStep } from '../../tests/helpers/two-step'
import { createUser, signIn } from '../../tests/helpers/users'
import { minutesFromNow, roomInput } from '../rooms/testing/room-input'
import { call } from '../../tests/helpers/moderation-api'

// Issue 8: admins find members and grant or revoke the moderator role; issue 21: and the
// room_leader role (public Prayer Rooms without moderating). A grant takes effect on the
// member's next call. (Who may call: server/moderation/moderation-access.test.ts;
// auditing: server/moderation/audit-log.test.ts.)

let t: TestApp
let adminCookie: string
let adminId: string

beforeAll(async () => {
  t = await createTestApp()
  const admin = await createUser(t.db, { roles: ['member', 'admin'], displayName: 'Admin Ada' })
  adminId = admin.id
  adminCookie = await signIn(t.app, admin)
})
afterAll(() => t.close())

describe('admin users', () => {
  it('searches by display name or email, literally, and pages in name order', async () => {
    for (const name of ['Hope Ash', 'Hope Birch', 'Hope Cedar'])
      await createUser(t.db, { displayName: name })
    await createUser(t.db, { displayName: 'Grace 100%', email: 'grace@parish.test' })
    const search = async (query: string) =>
      (await call(t.app, adminCookie, 'GET', `/api/v1/admin/users?${query}`)).json()
    const first = await search('search=hope&limit=2')
    expect(first.items.map((user: AdminUser) => user.displayName)).toEqual([
      'Hope Ash',
      'Hope Birch',
    ])
    const next = await search(`search=hope&limit=2&cursor=${first.nextCursor}`)
    expect(next.items.map((user: AdminUser) => user.displayName)).toEqual(['Hope Cedar'])
    expect(next.nextCursor).toBeNull()
    expect((await search('search=PARISH.test')).items).toEqual([
      expect.objectContaining({
        displayName: 'Grace 100%',
        email: 'grace@parish.test',
        roles: ['member'],
      }),
    ])
    expect((await search('search=%25')).items.map((user: AdminUser) => user.displayName)).toEqual([
      'Grace 100%',
    ])
  })

  it('grants the moderator role, which opens the queue once two-step sign-in is on, and revokes it', async () => {
    const member = await createUser(t.db)
    let cookie = await signIn(t.app, member)
    const queue = () => call(t.app, cookie, 'GET', '/api/v1/moderation/queue')
    expect((await queue()).json()).toMatchObject({ status: 403, title: 'forbidden' })
    const roles = (moderator: boolean) =>
      call(t.app, adminCookie, 'PUT', `/api/v1/admin/users/${member.id}/roles`, { moderator })
    expect((await roles(true)).json()).toEqual({ roles: ['member', 'moderator'] })
    // Issue 39: the role holds at once, its rights once this session proved a second factor.
    expect((await queue()).json()).toMatchObject({
      status: 403,
      type: 'urn:problem:second_factor_required',
      detail: 'Set up two-step sign-in to moderate',
    })
    cookie = await turnOnTwoStep(t.app, member.id, cookie)
    expect((await queue()).statusCode).toBe(200)
    expect((await roles(false)).json()).toEqual({ roles: ['member'] })
    expect((await queue()).json()).toMatchObject({ status: 403, title: 'forbidden' })
  })

  it('grants room_leader, which lets a member create public rooms at once, and revokes it', async () => {
    const member = await createUser(t.db, { displayName: 'Leader Lee' })
    const cookie = await signIn(t.app, member)
    const publicRoom = () =>
      call(t.app, cookie, 'POST', '/api/v1/rooms', roomInput({ starts_at: minutesFromNow(60) }))
    const roles = (body: object) =>
      call(t.app, adminCookie, 'PUT', `/api/v1/admin/users/${member.id}/roles`, body)
    expect((await publicRoom()).statusCode).toBe(403)

    expect((await roles({ room_leader: true })).json()).toEqual({
      roles: ['member', 'room_leader'],
    })
    expect((await publicRoom()).statusCode).toBe(201)
    // Still no moderator: the queue stays closed.
    expect((await call(t.app, cookie, 'GET', '/api/v1/moderation/queue')).statusCode).toBe(403)

    // Both keys at once, each change audited with its role; granting a held role changes nothing.
    expect((await roles({ room_leader: false, moderator: true })).json()).toEqual({
      roles: ['member', 'moderator'],
    })
    expect((await roles({ moderator: true })).json()).toEqual({ roles: ['member', 'moderator'] })
    expect((await roles({ moderator: false })).json()).toEqual({ roles: ['member'] })
    expect((await publicRoom()).statusCode).toBe(403)
    const audit = (await call(t.app, adminCookie, 'GET', '/api/v1/moderation/audit')).json() as {
      items: { action: string; target: { id: string }; details: { role: string } }[]
    }
    expect(
      audit.items
        .filter((entry) => entry.target.id === member.id)
        .map((entry) => `${entry.action} ${entry.details.role}`)
        .sort(),
    ).toEqual([
      'role_grant moderator',
      'role_grant room_leader',
      'role_revoke moderator',
      'role_revoke room_leader',
    ])
  })

  it('asks which role when the body names none, and changes nothing', async () => {
    const member = await createUser(t.db)
    const answer = await call(t.app, adminCookie, 'PUT', `/api/v1/admin/users/${member.id}/roles`, {
      admin: true,
    })
    expect(answer.statusCode).toBe(400)
    expect(answer.headers['content-type']).toMatch(/^application\/problem\+json/)
    expect(answer.body).toContain('Say which role to grant or revoke.')
  })

  it('refuses an admin changing their own roles, and unknown members', async () => {
    const own = await call(t.app, adminCookie, 'PUT', `/api/v1/admin/users/${adminId}/roles`, {
      moderator: false,
    })
    expect(own.statusCode).toBe(403)
    const unknown = await call(
      t.app,
      adminCookie,
      'PUT',
      '/api/v1/admin/users/0190aaaa-0000-7000-8000-000000000000/roles',
      {
        moderator: true,
      },
    )
    expect(unknown.statusCode).toBe(404)
  })
})
