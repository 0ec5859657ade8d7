import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AuditEntry } from '@contract/moderation'
import { createTestApp, type TestApp } from '../../tests/helpers/test-app'
import { postIntention } from '../../tests/helpers/wall'
import { postComment } from '../../tests/helpers/comments-api'
import {
  act,
  call,
  person,
  reportComment,
  reportIntention,
  type Person,
} from '../../tests/helpers/moderation-api'
import { moderationAuditTable } from './moderation.table'

// Issue 8: every moderation action is recorded (who, what, when, why) in an append-only log that
// admins read; no route edits it and the database refuses to.

const clock = new Date('2026-11-22T09:30:00.000Z')
let t: TestApp
let author: Person
let moderator: Person
let admin: Person

beforeAll(async () => {
  t = await createTestApp({ now: () => clock })
  author = await person(t.app)
  moderator = await person(t.app, ['member', 'moderator'])
  admin = await person(t.app, ['member', 'admin'])
})
afterAll(() => t.close())

async function auditLog(limit = 50): Promise<AuditEntry[]> {
  const response = await call(t.app, admin.cookie, 'GET', `/api/v1/moderation/audit?limit=${limit}`)
  expect(response.statusCode, response.body).toBe(200)
  return response.json().items
}

describe('audit log', () => {
  it('records every action with its actor, target, time and reason, newest first', async () => {
    const { intention_id: id } = await postIntention(t.app, author.cookie)
    await reportIntention(t.app, (await person(t.app)).cookie, id)
    const asModerator = (method: 'POST' | 'DELETE', url: string, payload?: object) =>
      call(t.app, moderator.cookie, method, url, payload)

    await act(t.app, moderator.cookie, 'dismiss', { type: 'intention', id }, { note: 'Fine' })
    await act(t.app, moderator.cookie, 'remove', { type: 'intention', id }, { reason: 'Spam' })
    await act(t.app, moderator.cookie, 'restore', { type: 'intention', id }, { note: 'Appeal' })
    await asModerator('POST', `/api/v1/moderation/users/${author.id}/suspension`, {
      days: 3,
      reason: 'Spamming',
    })
    await asModerator('DELETE', `/api/v1/moderation/users/${author.id}/suspension`)
    await asModerator('POST', '/api/v1/moderation/blocklist', { phrase: 'fake cure' })
    await asModerator('DELETE', '/api/v1/moderation/blocklist', { phrase: 'fake cure' })
    await call(t.app, admin.cookie, 'PUT', `/api/v1/admin/users/${author.id}/roles`, {
      moderator: true,
    })
    await call(t.app, admin.cookie, 'PUT', `/api/v1/admin/users/${author.id}/roles`, {
      moderator: false,
    })

    const entries = await auditLog()
    expect(entries.map((entry) => entry.action)).toEqual([
      'role_revoke',
      'role_grant',
      'blocklist_remove',
      'blocklist_add',
      'unsuspend',
      'suspend',
      'restore',
      'remove',
      'dismiss',
    ])
    const byModerator = { userId: moderator.id, displayName: moderator.displayName }
    expect(entries.at(-1)).toEqual({
      id: expect.any(String),
      at: clock.toISOString(),
      actor: byModerator,
      action: 'dismiss',
      target: { type: 'intention', id },
      reason: 'Fine',
      details: { reportsClosed: 1, urgent: false, wasHeld: false },
    })
    expect(entries.find((entry) => entry.action === 'remove')).toMatchObject({
      reason: 'Spam',
      actor: byModerator,
    })
    expect(entries.find((entry) => entry.action === 'suspend')).toMatchObject({
      target: { type: 'user', id: author.id },
      reason: 'Spamming',
      details: { days: 3, until: '2026-11-25T09:30:00.000Z' },
    })
    expect(entries.find((entry) => entry.action === 'blocklist_add')?.target).toEqual({
      type: 'phrase',
      id: 'fake cure',
    })
    expect(entries[0]).toMatchObject({
      actor: { userId: admin.id },
      target: { type: 'user', id: author.id },
      details: { role: 'moderator', roles: ['member'] },
    })
  })

  it("records a moderator's Delete on the wall as a removal, once, and closes its reports", async () => {
    const { intention_id: host } = await postIntention(t.app, author.cookie)
    const comment = await postComment(t.app, author.cookie, host, 'Something unkind')
    await reportComment(t.app, (await person(t.app)).cookie, host, comment.comment_id)
    const url = `/api/v1/intentions/${host}/comments/${comment.comment_id}`
    expect((await call(t.app, moderator.cookie, 'DELETE', url)).statusCode).toBe(204)
    expect((await call(t.app, moderator.cookie, 'DELETE', url)).statusCode).toBe(404)
    const removals = (await auditLog()).filter((entry) => entry.target?.id === comment.comment_id)
    expect(removals).toEqual([
      expect.objectContaining({
        action: 'remove',
        actor: { userId: moderator.id, displayName: moderator.displayName },
        reason: null,
        details: { reportsClosed: 1, urgent: false, authorId: author.id, via: 'wall' },
      }),
    ])
    const open = await call(t.app, moderator.cookie, 'GET', '/api/v1/moderation/queue')
    expect(open.json().items).toEqual([])
  })

  it('pages with a cursor and refuses a forged one', async () => {
    const first = await call(t.app, admin.cookie, 'GET', '/api/v1/moderation/audit?limit=2')
    const next = first.json().nextCursor
    expect(next).toEqual(expect.any(String))
    const second = await call(
      t.app,
      admin.cookie,
      'GET',
      `/api/v1/moderation/audit?limit=2&cursor=${next}`,
    )
    expect(second.json().items[0].id).not.toBe(first.json().items[1].id)
    const all = await auditLog()
    expect(second.json().items.map((entry: AuditEntry) => entry.id)).toEqual(
      all.slice(2, 4).map((entry) => entry.id),
    )
    expect(
      (await call(t.app, admin.cookie, 'GET', '/api/v1/moderation/audit?cursor=bm9wZQ')).statusCode,
    ).toBe(400)
  })

  it('has no route that edits it, and the database refuses UPDATE and DELETE', async () => {
    const [entry] = await auditLog(1)
    for (const method of ['PUT', 'PATCH', 'DELETE'] as const) {
      for (const url of ['/api/v1/moderation/audit', `/api/v1/moderation/audit/${entry!.id}`]) {
        const response = await call(t.app, admin.cookie, method, url, {})
        expect([404, 405]).toContain(response.statusCode)
      }
    }
    await expect(t.db.update(moderationAuditTable).set({ reason: 'rewritten' })).rejects.toThrow()
    await expect(t.db.delete(moderationAuditTable)).rejects.toThrow()
    await expect(t.db.execute(sql`truncate moderation_audit`)).rejects.toThrow()
    expect((await auditLog()).length).toBeGreaterThanOrEqual(9)
  })
})
