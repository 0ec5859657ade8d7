import { eq } from 'drizzle-orm'
import { FORMER_MEMBER } from '@contract/account-deletion'
import { ErrorCode } from '@contract/errors'
import { signOutForGood } from '../auth/member-deletion'
import { eraseMemberComments } from '../comments/member-deletion'
import type { Database } from '../db/client'
import { recordEvent } from '../events/record-event'
import { leaveAllGroups } from '../groups/member-deletion'
import { eraseMemberIntentions } from '../intentions/member-deletion'
import { recordAudit } from '../moderation/audit-log'
import { eraseMemberNotifications } from '../notifications/member-deletion'
import { httpError } from '../errors/problem-error'
import { eraseMemberPrayerList } from '../prayer-list/member-deletion'
import { eraseMemberRooms } from '../rooms/member-deletion'
import { eraseMemberTestimonies } from '../testimonies/member-deletion'
import { closeAccount } from '../users/member-deletion'
import { lockMember } from '../users/users.repository'
import { accountDeletionsTable } from './account-deletions.table'
import { dataExportsTable } from './data-exports.table'

export const ACCOUNT_NOT_FOUND = 'This account does not exist or was deleted already.'

/**
 * Issue 40 (ADR 0035): closes an account in one transaction, each capability erasing its own
 * tables' part; after commit, the events sign it out of the hub on every process (SessionEnded),
 * drop its requests from open walls and close its live rooms (AccountClosed). `admin`: the admin
 * who deleted it, with `reason`; the audit entry then names them, and otherwise names nobody.
 */
export async function deleteAccount(
  db: Database,
  input: {
    userId: string
    admin?: { userId: string; displayName: string }
    reason?: string
    now: Date
  },
) {
  const { userId, now } = input
  await db.transaction(async (tx) => {
    const user = await lockMember(tx, userId)
    if (!user || user.closedAt) throw httpError(404, ErrorCode.notFound, ACCOUNT_NOT_FOUND)
    const commentIds = await eraseMemberComments(tx, userId, now)
    await eraseMemberTestimonies(tx, userId, now)
    const intentionIds = await eraseMemberIntentions(tx, userId, now)
    const roomIds = await eraseMemberRooms(tx, userId, now)
    await eraseMemberPrayerList(tx, userId)
    await leaveAllGroups(tx, userId)
    await eraseMemberNotifications(tx, { userId, displayName: user.displayName }, commentIds)
    await tx.delete(dataExportsTable).where(eq(dataExportsTable.userId, userId))
    await signOutForGood(tx, userId, now)
    await closeAccount(tx, userId, now)
    await tx.insert(accountDeletionsTable).values({ userId, deletedAt: now })
    await recordAudit(tx, {
      actor: input.admin ?? { userId, displayName: FORMER_MEMBER },
      action: 'account_deleted',
      target: { type: 'user', id: userId },
      reason: input.reason ?? null,
      at: now,
    })
    await recordEvent(
      tx,
      { type: 'AccountClosed', payload: { userId, intentionIds, roomIds } },
      { occurredAt: now },
    )
  })
}
