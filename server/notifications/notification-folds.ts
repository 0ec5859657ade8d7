import { and, sql, type SQL } from 'drizzle-orm'
import {
  FOLD_GAP_HOURS,
  FOLD_NAMES_MAX,
  type NotificationFold,
  type NotificationType,
} from '@contract/notifications'
import { actorName } from '@contract/notification-wording'
import { anyOf } from '../db/any-of'
import type { Database } from '../db/client'
import { aboutLiveContent } from './notification-live'
import { notificationsTable as n, type NotificationRow } from './notifications.table'

// Issue 47, ADR 0039: a member's notifications of one type about one item fold into one entry
// while each came at most FOLD_GAP_HOURS before the next (unread with unread, read with read).
// Folded when read, from the rows as they are: one SQL rule for the list, the unread count, the
// hub and Web Push, so the bell, the panel and a phone's tray always agree.

type Item = { sql: SQL; of: (row: NotificationRow) => unknown }
const REQUEST: Item = { sql: sql`${n.sourceIntentionId}::text`, of: (row) => row.sourceIntentionId }
const COMMENT: Item = { sql: sql`${n.data}->>'commentId'`, of: (row) => row.data?.commentId }
const TESTIMONY: Item = {
  sql: sql`${n.sourceTestimonyId}::text`,
  of: (row) => row.sourceTestimonyId,
}

/** The types that fold, and the item they are about: members acting on the reader's own post. */
const FOLDED: Partial<Record<NotificationType, Item>> = {
  PrayerReaction: REQUEST,
  PrayerAmenReaction: REQUEST,
  PrayerCandleReaction: REQUEST,
  IntentionComment: REQUEST,
  CommentReaction: COMMENT,
  CommentAmenReaction: COMMENT,
  TestimonyAmenReaction: TESTIMONY,
}

/** `<type>:<item>` for a row that folds, else null. */
export function foldKeyOf(row: NotificationRow): string | null {
  const item = FOLDED[row.type]?.of(row)
  return typeof item === 'string' && item !== '' ? `${row.type}:${item}` : null
}

// The same key in SQL; a row that does not fold is keyed by its own id, so it stands alone.
const foldKey = sql`case ${sql.join(
  Object.entries(FOLDED).map(
    ([type, item]) =>
      sql`when ${n.type} = ${type} and (${item.sql}) <> '' then ${n.type} || ':' || (${item.sql})`,
  ),
  sql` `,
)} else ${n.id}::text end`

/**
 * The rows `where` selects, each with its fold: `starts` (1 on a fold's newest row) and
 * `fold_no`, which with (user_id, fold_key, unread) names the fold.
 */
export function foldedRows(where: SQL | undefined): SQL {
  const gap = sql.raw(`interval '${FOLD_GAP_HOURS} hours'`)
  return sql`select *, sum(starts) over (partition by user_id, fold_key, unread
      order by created_at desc, id desc rows unbounded preceding) as fold_no
    from (
      select *, case when lag(created_at) over newer is null
        or lag(created_at) over newer > created_at + ${gap} then 1 else 0 end as starts
      from (
        select ${n.id} as id, ${n.userId} as user_id, ${n.createdAt} as created_at,
          ${n.readAt} is null as unread, ${n.sourceUserDisplayName} as name, ${foldKey} as fold_key
        from ${n} where ${where}
      ) keyed
      window newer as (partition by user_id, fold_key, unread order by created_at desc, id desc)
    ) marked`
}

/** One line per fold: its newest row (the entry), its span, its size and its actors' names. */
export function foldsOf(rows: SQL): SQL {
  return sql`select user_id::text as user_id, fold_key,
      (array_agg(id::text order by created_at desc, id desc))[1] as leader_id,
      max(created_at) as at, min(created_at) as since, count(*)::int as count,
      json_agg(name order by created_at desc, id desc) as names, json_agg(id::text) as ids
    from (${rows}) f group by user_id, fold_key, unread, fold_no`
}

export type FoldLine = {
  user_id: string
  fold_key: string
  leader_id: string
  since: Date | string
  count: number
  names: (string | null)[]
  ids: string[]
}

export async function readFolds(db: Database, query: SQL): Promise<FoldLine[]> {
  const result = (await db.execute(query)) as unknown as { rows: FoldLine[] }
  return result.rows.map((line) => ({ ...line, count: Number(line.count) }))
}

const UNNAMED = actorName({ sourceUserDisplayName: null })

/**
 * A fold as the wire says it. Anonymity (issue 37): a row whose actor may not be named is stored
 * as `Someone` (or with no name); it counts as one more person and is never among the names.
 */
export function foldOf(
  line: Pick<FoldLine, 'fold_key' | 'count' | 'names' | 'since'>,
): NotificationFold {
  const named = new Set<string>()
  let unnamed = 0
  for (const raw of line.names) {
    const name = raw?.trim()
    if (!name || name === UNNAMED) unnamed += 1
    else named.add(name)
  }
  return {
    key: line.fold_key,
    count: line.count,
    people: named.size + unnamed,
    names: [...named].slice(0, FOLD_NAMES_MAX),
    since: new Date(line.since).toISOString(),
  }
}

/**
 * The fold each of `rows` belongs to now (for the hub and Web Push), by row id; rows that do not
 * fold have none. A batch of reminders, which never fold, costs no query.
 */
export async function foldsFor(
  db: Database,
  rows: readonly NotificationRow[],
): Promise<Map<string, NotificationFold>> {
  const folds = new Map<string, NotificationFold>()
  const keys = [...new Set(rows.map(foldKeyOf).filter((key): key is string => key !== null))]
  if (keys.length === 0) return folds
  const users = [...new Set(rows.map((row) => row.userId))]
  const where = and(
    anyOf(n.userId, users),
    aboutLiveContent(),
    sql`${foldKey} in (${sql.join(
      keys.map((key) => sql`${key}`),
      sql`, `,
    )})`,
  )
  const wanted = new Set(rows.map((row) => row.id))
  for (const line of await readFolds(db, foldsOf(foldedRows(where))))
    for (const id of line.ids) if (wanted.has(id)) folds.set(id, foldOf(line))
  return folds
}

/** Unread entries of many members in one query (a reminder minute raises thousands at once). */
export async function unreadEntries(
  db: Database,
  userIds: readonly string[],
): Promise<Map<string, number>> {
  const counts = new Map(userIds.map((id) => [id, 0]))
  if (userIds.length === 0) return counts
  const where = and(anyOf(n.userId, userIds), sql`${n.readAt} is null`, aboutLiveContent())
  const result = (await db.execute(
    sql`select user_id::text as user_id, count(*)::int as value from (${foldedRows(where)}) f
      where starts = 1 group by user_id`,
  )) as unknown as { rows: { user_id: string; value: number }[] }
  for (const row of result.rows) counts.set(row.user_id, Number(row.value))
  return counts
}

/**
 * Reading an entry reads its fold: the unread rows of the folds `ids` belong to, but none newer
 * than the id given (one that came after the member looked stays unread).
 */
export async function foldedWith(db: Database, userId: string, ids: readonly string[]) {
  const where = and(sql`${n.userId} = ${userId}`, sql`${n.readAt} is null`, aboutLiveContent())
  const given = sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  )
  const result = (await db.execute(
    sql`with f as (${foldedRows(where)})
      select f.id::text as id from f join f picked on picked.id in (${given})
        and picked.fold_key = f.fold_key and picked.fold_no = f.fold_no
        and (f.created_at, f.id) <= (picked.created_at, picked.id)`,
  )) as unknown as { rows: { id: string }[] }
  return result.rows.map((row) => row.id)
}
