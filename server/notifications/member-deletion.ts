import { and, eq, inArray, like, or, sql } from 'drizzle-orm'
import { FORMER_MEMBER } from '@contract/account-deletion'
import type { Database } from '../db/client'
import { intentionMutesTable, notificationSettingsTable } from './notification-settings.table'
import { notificationsTable } from './notifications.table'
import { pushSubscriptionsTable } from './push/push-subscriptions.table'

/**
 * Issue 40: a deleted member's notifications, settings, mutes and push subscriptions go (no
 * push reaches their devices again). Others' notifications about the comments they wrote go too
 * (those about their requests left with the requests); the ones that named them read "A former
 * member": found by the name they carry now, or by their id in the dedupe key (prayers and
 * reactions, whatever the name was then).
 */
export async function eraseMemberNotifications(
  tx: Database,
  member: { userId: string; displayName: string },
  commentIds: string[],
) {
  const n = notificationsTable
  const { userId } = member
  await tx.delete(n).where(eq(n.userId, userId))
  await tx.delete(notificationSettingsTable).where(eq(notificationSettingsTable.userId, userId))
  await tx.delete(intentionMutesTable).where(eq(intentionMutesTable.userId, userId))
  await tx.delete(pushSubscriptionsTable).where(eq(pushSubscriptionsTable.userId, userId))
  if (commentIds.length > 0)
    await tx.delete(n).where(inArray(sql`${n.data}->>'commentId'`, commentIds))
  await tx
    .update(n)
    .set({
      title: sql`case when starts_with(${n.title}, ${n.sourceUserDisplayName})
        then ${FORMER_MEMBER} || substr(${n.title}, length(${n.sourceUserDisplayName}) + 1)
        else ${n.title} end`,
      sourceUserDisplayName: FORMER_MEMBER,
    })
    .where(
      and(
        sql`${n.sourceUserDisplayName} is not null`,
        or(eq(n.sourceUserDisplayName, member.displayName), like(n.dedupeKey, `%:${userId}:%`)),
      ),
    )
}
