import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AuditEntry } from '@contract/moderation'
import { createTestApp, type TestApp } from '../../tests/helpers/test-app'
import { mailsTo } from '../../tests/helpers/mailbox'
import { sessionsTable } from '../auth/sessions.table'
import { listFor } from '../../tests/helpers/notifications-api'
import { usersTable } from '../users/users.table'
import { call, person, type Person } from '../../tests/helpers/moderation-api'
import {
  approve,
  pendingPerson,
  pendingQueue,
  reject,
} from '../../tests/helpers/pending-members-api'

// Issue 38: moderators let newcomers in from a queue, or refuse them; the member is told.

let t: TestApp
let moderator: Person
let admin: Person

beforeAll(async () => {
  t = await createTestApp()
  moderator = await person(t.app, ['member', 'moderator'])
  admin = await person(t.app, ['member', 'admin'])
})
afterAll(() => t.close())

async function auditOf(userId: string): Promise<AuditEntry[]> {
  const response = await call(t.app, admin.cookie, 'GET', '/api/v1/moderation/audit?limit=50')
  return (response.json().items as AuditEntry[]).filter((entry) => entry.target?.id === userId)
}

const idsOf = (items: { userId: string }[]) => items.map((item) => item.userId)

describe('the queue of members waiting for approval', () => {
  it('is for moderators and admins only', async () => {
    const member = await person(t.app)
    const url = '/api/v1/moderation/members/pending'
    expect((await call(t.app, member.cookie, 'GET', url)).json()).toMatchObject({
      status: 403,
      title: 'forbidden',
    })
    expect((await call(t.app, undefined, 'GET', url)).statusCode).toBe(401)
    const waiting = await pendingPerson(t.app)
    for (const action of [approve, reject]) {
      const response = await action(t.app, member.cookie, waiting.id)
      expect(response.statusCode).toBe(403)
    }
    expect(
      (await call(t.app, undefined, 'POST', `${url.replace('pending', waiting.id)}/approve`))
        .statusCode,
    ).toBe(401)
  })

  it('lists the longest wait first, page by page, with what a decision needs and nothing private', async () => {
    const base = Date.now() - 3_600_000
    const first = await pendingPerson(t.app, {}, new Date(base))
    const second = await pendingPerson(
      t.app,
      { hasProfile: false, emailVerified: false },
      new Date(base + 1000),
    )
    const third = await pendingPerson(t.app, {}, new Date(base + 2000))
    const mine = new Set([first.id, second.id, third.id])

    const pageOne = await pendingQueue(t.app, moderator.cookie, '?limit=2')
    const pageTwo = await pendingQueue(
      t.app,
      moderator.cookie,
      `?limit=50&cursor=${pageOne.nextCursor}`,
    )
    const all = [...pageOne.items, ...pageTwo.items].filter((item) => mine.has(item.userId))
    expect(idsOf(all)).toEqual([first.id, second.id, third.id])
    expect(all[1]).toEqual({
      userId: second.id,
      displayName: second.displayName,
      email: null,
      pendingSince: new Date(base + 1000).toISOString(),
      profileCompleted: false,
      emailVerified: false,
    })
    // Private onboarding answers never leave (spec 000 §3); moderators see no address.
    const text = JSON.stringify(pageOne) + JSON.stringify(pageTwo)
    for (const hidden of [
      'first_name',
      'firstName',
      'Test',
      'phone',
      'birth',
      'country',
      first.email,
    ])
      expect(text).not.toContain(hidden)
    // Admins see the address, as on the roles screen.
    const asAdmin = await pendingQueue(t.app, admin.cookie, '?limit=50')
    expect(asAdmin.items.find((item) => item.userId === first.id)?.email).toBe(first.email)
    // Members already in are not waiting.
    expect(idsOf(asAdmin.items)).not.toContain(moderator.id)
    expect(
      (await call(t.app, moderator.cookie, 'GET', '/api/v1/moderation/members/pending?cursor=bad'))
        .statusCode,
    ).toBe(400)
  })
})

describe('approving', () => {
  it('lets the member in, audited, with a notification and a mail', async () => {
    const member = await pendingPerson(t.app)
    const response = await approve(t.app, moderator.cookie, member.id)
    expect(response.statusCode, response.body).toBe(200)
    expect(response.json()).toMatchObject({ userId: member.id })

    const [row] = await t.db.select().from(usersTable).where(eq(usersTable.id, member.id))
    expect(row!.pendingSince).toBeNull()
    expect(idsOf((await pendingQueue(t.app, moderator.cookie, '?limit=50')).items)).not.toContain(
      member.id,
    )
    expect(await auditOf(member.id)).toEqual([
      expect.objectContaining({
        action: 'member_approve',
        actor: { userId: moderator.id, displayName: moderator.displayName },
        target: { type: 'user', id: member.id },
        details: { displayName: member.displayName },
      }),
    ])
    const { items } = await listFor(t.app, member.cookie)
    expect(items).toEqual([
      expect.objectContaining({
        type: 'MembershipApproved',
        title: 'Welcome: your account was approved',
        sourceUserDisplayName: null,
      }),
    ])
    await expect
      .poll(async () => (await mailsTo(t.app, member.email)).map((mail) => mail.subject))
      .toEqual(['Welcome: your account was approved'])
  })

  it('answers 409 for a member who is not waiting, and 404 for no one', async () => {
    const member = await pendingPerson(t.app)
    expect((await approve(t.app, moderator.cookie, member.id)).statusCode).toBe(200)
    const again = await approve(t.app, admin.cookie, member.id)
    expect(again.statusCode).toBe(409)
    expect(again.json()).toMatchObject({
      title: 'membership_not_pending',
      detail: 'This member is no longer waiting for approval.',
    })
    expect((await approve(t.app, moderator.cookie, moderator.id)).statusCode).toBe(409)
    expect((await approve(t.app, moderator.cookie, randomUUID())).statusCode).toBe(404)
    expect((await approve(t.app, moderator.cookie, 'not-a-uuid')).statusCode).toBe(400)
    // Told once, audited once.
    expect((await listFor(t.app, member.cookie)).items).toHaveLength(1)
    expect(await auditOf(member.id)).toHaveLength(1)
  })
})

describe('rejecting', () => {
  it('deletes the account with its sessions, audited, and mails the member', async () => {
    const member = await pendingPerson(t.app)
    const response = await reject(t.app, moderator.cookie, member.id)
    expect(response.statusCode, response.body).toBe(204)

    expect(await t.db.select().from(usersTable).where(eq(usersTable.id, member.id))).toEqual([])
    expect(
      await t.db.select().from(sessionsTable).where(eq(sessionsTable.userId, member.id)),
    ).toEqual([])
    expect((await call(t.app, member.cookie, 'GET', '/api/v1/users/me')).statusCode).toBe(401)
    const [entry] = await auditOf(member.id)
    expect(entry).toMatchObject({
      action: 'member_reject',
      actor: { userId: moderator.id },
      details: { displayName: member.displayName },
    })
    expect(JSON.stringify(entry)).not.toContain(member.email)
    await expect
      .poll(async () => (await mailsTo(t.app, member.email)).map((mail) => mail.subject))
      .toEqual(['About your Prayer Community account'])
    expect((await reject(t.app, moderator.cookie, member.id)).statusCode).toBe(404)
  })

  it('never deletes a member who is in', async () => {
    const member = await person(t.app)
    const response = await reject(t.app, admin.cookie, member.id)
    expect(response.statusCode).toBe(409)
    expect(await t.db.select().from(usersTable).where(eq(usersTable.id, member.id))).toHaveLength(1)
    expect(await auditOf(member.id)).toEqual([])
  })
})
