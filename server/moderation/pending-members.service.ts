import { and, asc, eq, isNotNull, sql } from 'drizzle-orm'
import { z } from 'zod'
import type { ApprovedMember, PendingMembersPage } from '@contract/membership'
import { MEMBERSHIP_MESSAGES, MembershipErrorCode } from '@contract/membership-errors'
import { ErrorCode } from '@contract/errors'
import { isLanguage } from '@contract/languages'
import { TimestampSchema } from '@contract/pagination'
import { actorOf, type Viewer } from '../auth/viewer'
import type { Database } from '../db/client'
import { recordEvent } from '../events/record-event'
import { httpError } from '../errors/problem-error'
import { usersTable } from '../users/users.table'
import { recordAudit } from './audit-log'
import { decodeKeyCursor, encodeKeyCursor } from './cursor'

export interface PendingMembersContext {
  db: Database
  viewer: Viewer
  now: Date
}

const PendingCursor = z.object({ since: TimestampSchema, id: z.uuid() })
const u = usersTable

/**
 * GET /api/v1/moderation/members/pending: the longest wait first. Only what a decision needs:
 * the display name, when they came, whether onboarding and the email link are done; the email
 * for admins only (moderators see no member's address anywhere else either). The private
 * onboarding answers are never read here (spec 000 §3), and a pending member has posted
 * nothing, so nothing here can tie them to an anonymous post.
 */
export async function listPendingMembers(
  { db, viewer }: Omit<PendingMembersContext, 'now'>,
  query: { cursor?: string | undefined; limit: number },
): Promise<PendingMembersPage> {
  const cursor = decodeKeyCursor(query.cursor, PendingCursor)
  const rows = await db
    .select({
      userId: u.id,
      displayName: u.displayName,
      email: u.email,
      pendingSince: u.pendingSince,
      profileCompletedAt: u.profileCompletedAt,
      emailVerifiedAt: u.emailVerifiedAt,
    })
    .from(u)
    .where(
      and(
        isNotNull(u.pendingSince),
        cursor
          ? sql`(${u.pendingSince}, ${u.id}) > (${cursor.since}::timestamptz, ${cursor.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(asc(u.pendingSince), asc(u.id))
    .limit(query.limit + 1)
  const page = rows.slice(0, query.limit)
  const last = page.at(-1)
  const showsEmail = viewer.roles.includes('admin')
  return {
    items: page.map((row) => ({
      userId: row.userId,
      displayName: row.displayName,
      email: showsEmail ? row.email : null,
      pendingSince: row.pendingSince!.toISOString(),
      profileCompleted: row.profileCompletedAt !== null,
      emailVerified: row.emailVerifiedAt !== null,
    })),
    nextCursor:
      rows.length > query.limit && last
        ? encodeKeyCursor({ since: last.pendingSince!.toISOString(), id: last.userId })
        : null,
  }
}

/** 404 for an account that is gone (rejected meanwhile), 409 for one that is not waiting. */
async function refuseNotPending(db: Database, userId: string): Promise<never> {
  const [row] = await db.select({ id: u.id }).from(u).where(eq(u.id, userId))
  if (!row) throw httpError(404, ErrorCode.notFound, MEMBERSHIP_MESSAGES.notFound)
  throw httpError(409, MembershipErrorCode.notPending, MEMBERSHIP_MESSAGES.notPending)
}

/**
 * POST …/members/{userId}/approve. Clearing pending_since fires the users trigger that every
 * process's session cache listens to (migration 0015, extended for pending_since), so the
 * member's next call anywhere passes; the mail and notification follow from the event.
 */
export async function approveMember(
  { db, viewer, now }: PendingMembersContext,
  userId: string,
): Promise<ApprovedMember> {
  const approved = await db.transaction(async (tx) => {
    const [user] = await tx
      .update(u)
      .set({ pendingSince: null, updatedAt: now })
      .where(and(eq(u.id, userId), isNotNull(u.pendingSince)))
      .returning({ displayName: u.displayName })
    if (!user) return false
    await recordAudit(tx, {
      actor: viewer,
      action: 'member_approve',
      target: { type: 'user', id: userId },
      details: { displayName: user.displayName },
      at: now,
    })
    await recordEvent(
      tx,
      { type: 'MembershipApproved', payload: { userId, actor: actorOf(viewer) } },
      { occurredAt: now },
    )
    return true
  })
  if (!approved) return refuseNotPending(db, userId)
  return { userId, approvedAt: now.toISOString() }
}

/**
 * POST …/members/{userId}/reject: the account is deleted with everything hanging on it
 * (sessions, tokens, social links: their foreign keys cascade). A pending member has posted
 * nothing, so nothing of the community's is lost, and the address may ask again later. The
 * audit keeps the display name, never the address; the event keeps the address (for the mail)
 * until events are pruned, 7 days on.
 */
export async function rejectMember(
  { db, viewer, now }: PendingMembersContext,
  userId: string,
): Promise<void> {
  const rejected = await db.transaction(async (tx) => {
    const [user] = await tx
      .delete(u)
      .where(and(eq(u.id, userId), isNotNull(u.pendingSince)))
      .returning({ displayName: u.displayName, email: u.email, language: u.language })
    if (!user) return false
    await recordAudit(tx, {
      actor: viewer,
      action: 'member_reject',
      target: { type: 'user', id: userId },
      details: { displayName: user.displayName },
      at: now,
    })
    await recordEvent(
      tx,
      {
        type: 'MembershipRejected',
        // Issue 42: the refusal is mailed in their language after the account is gone.
        payload: {
          email: user.email,
          actor: actorOf(viewer),
          language: isLanguage(user.language) ? user.language : null,
        },
      },
      { occurredAt: now },
    )
    return true
  })
  if (!rejected) await refuseNotPending(db, userId)
}
