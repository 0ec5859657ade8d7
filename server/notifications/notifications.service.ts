import { and, count, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm'
import type { CursorPosition } from '@contract/pagination'
import type { NotificationList } from '@contract/notifications'
import { commentRemoved } from '../comments/comment-reads'
import type { Database } from '../db/client'
import { keysetPage } from '../db/keyset-page'
import { intentionRemoved } from '../intentions/intention-reads'
import { testimonyRemoved } from '../testimonies/testimony-reads'
import { toNotification } from './notification-view'
import { notificationsTable as n } from './notifications.table'

// Removed content leaves notifications too (issue 8): a notification about a removed prayer,
// testimony or comment is not listed nor counted; a restore brings it back.
function aboutLiveContent(): SQL {
  return sql`not ${intentionRemoved(n.sourceIntentionId)}
    and not ${testimonyRemoved(n.sourceTestimonyId)}
    and not ${commentRemoved(sql`${n.data}->>'commentId'`)}`
}

export async function unreadCount(db: Database, userId: string): Promise<number> {
  return (await unreadCounts(db, [userId])).get(userId) ?? 0
}

/** Unread counts of many members in one query (a reminder minute raises thousands at once). */
export async function unreadCounts(
  db: Database,
  userIds: readonly string[],
): Promise<Map<string, number>> {
  const counts = new Map(userIds.map((id) => [id, 0]))
  if (userIds.length === 0) return counts
  const rows = await db
    .select({ userId: n.userId, value: count() })
    .from(n)
    .where(and(inArray(n.userId, [...userIds]), isNull(n.readAt), aboutLiveContent()))
    .groupBy(n.userId)
  for (const row of rows) counts.set(row.userId, row.value)
  return counts
}

/** GET /api/notifications (spec 000 §7): newest first, keyset on (created_at, id). */
export async function listNotifications(
  db: Database,
  userId: string,
  query: { cursor?: CursorPosition; limit: number; unreadOnly: boolean },
): Promise<NotificationList> {
  const keyset = keysetPage(query)
  const rows = await db
    .select()
    .from(n)
    .where(
      and(
        eq(n.userId, userId),
        aboutLiveContent(),
        query.unreadOnly ? isNull(n.readAt) : undefined,
        keyset.after(n.createdAt, n.id),
      ),
    )
    .orderBy(desc(n.createdAt), desc(n.id))
    .limit(keyset.take)
  const { items, nextCursor } = keyset.page(rows, (row) => row)
  return {
    items: items.map(toNotification),
    nextCursor,
    unreadCount: await unreadCount(db, userId),
  }
}

/** Only the caller's own rows change: another member's ids are ignored, not an error. */
export async function markRead(db: Database, userId: string, ids: string[], now: Date) {
  await db
    .update(n)
    .set({ readAt: now })
    .where(and(eq(n.userId, userId), inArray(n.id, ids), isNull(n.readAt)))
  return unreadCount(db, userId)
}

export async function markAllRead(db: Database, userId: string, now: Date) {
  await db
    .update(n)
    .set({ readAt: now })
    .where(and(eq(n.userId, userId), isNull(n.readAt)))
  return 0
}
