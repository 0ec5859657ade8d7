import { and, eq, inArray, isNull, sql } from 'drizzle-orm'
import type { CursorPosition } from '@contract/pagination'
import type { NotificationList } from '@contract/notifications'
import type { Database } from '../db/client'
import { keysetPage } from '../db/keyset-page'
import {
  foldedRows,
  foldedWith,
  foldKeyOf,
  foldOf,
  foldsOf,
  readFolds,
  unreadEntries,
} from './notification-folds'
import { aboutLiveContent } from './notification-live'
import { toNotification } from './notification-view'
import { notificationsTable as n } from './notifications.table'

export async function unreadCount(db: Database, userId: string): Promise<number> {
  return (await unreadCounts(db, [userId])).get(userId) ?? 0
}

/**
 * Unread entries (issue 47: a fold counts once, as the panel shows it) of many members in one
 * query (a reminder minute raises thousands at once).
 */
export const unreadCounts = unreadEntries

/**
 * GET /api/notifications (spec 000 §7): entries newest first, keyset on the entry's newest
 * (created_at, id); an entry is a fold's newest row with the fold (ADR 0039).
 */
export async function listNotifications(
  db: Database,
  userId: string,
  query: { cursor?: CursorPosition; limit: number; unreadOnly: boolean },
): Promise<NotificationList> {
  const keyset = keysetPage(query)
  const where = and(
    eq(n.userId, userId),
    aboutLiveContent(),
    query.unreadOnly ? isNull(n.readAt) : undefined,
  )
  const after = keyset.after(sql`at`, sql`leader_id::uuid`)
  const lines = await readFolds(
    db,
    sql`select * from (${foldsOf(foldedRows(where))}) folds ${after ? sql`where ${after}` : sql``}
      order by at desc, leader_id::uuid desc limit ${keyset.take}`,
  )
  const rows =
    lines.length === 0
      ? []
      : await db
          .select()
          .from(n)
          .where(
            inArray(
              n.id,
              lines.map((line) => line.leader_id),
            ),
          )
  const byId = new Map(rows.map((row) => [row.id, row]))
  const entries = lines.flatMap((line) => {
    const row = byId.get(line.leader_id)
    return row ? [{ row, fold: foldKeyOf(row) ? foldOf(line) : undefined }] : []
  })
  const { items, nextCursor } = keyset.page(entries, ({ row }) => row)
  return {
    items: items.map(({ row, fold }) => toNotification(row, fold)),
    nextCursor,
    unreadCount: await unreadCount(db, userId),
  }
}

/**
 * Only the caller's own rows change: another member's ids are ignored, not an error. An entry's
 * id reads its whole fold up to it (issue 47).
 */
export async function markRead(db: Database, userId: string, ids: string[], now: Date) {
  const folded = await foldedWith(db, userId, ids)
  await db
    .update(n)
    .set({ readAt: now })
    .where(and(eq(n.userId, userId), inArray(n.id, [...ids, ...folded]), isNull(n.readAt)))
  return unreadCount(db, userId)
}

export async function markAllRead(db: Database, userId: string, now: Date) {
  await db
    .update(n)
    .set({ readAt: now })
    .where(and(eq(n.userId, userId), isNull(n.readAt)))
  return 0
}
