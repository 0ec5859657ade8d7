import { and, eq, inArray, sql, type SQL } from 'drizzle-orm'
import type {
  AuthorHistory,
  ModerationTargetType,
  PublishHoldReason,
  QueueItem,
  QueuePage,
  QueueQuery,
} from '@contract/moderation'
import { MODERATION_TARGET_TYPES } from '@contract/moderation'
import { z } from 'zod'
import type { Viewer } from '../auth/viewer'
import type { Database } from '../db/client'
import { reportsTable } from '../reports/reports.table'
import { usersTable } from '../users/users.table'
import { decodeKeyCursor, encodeKeyCursor } from './cursor'
import { loadTargets, type ModerationTarget } from './moderation-targets'

const DAY_MS = 86_400_000
/** The resolved list looks back this far; the audit log keeps everything. */
export const RESOLVED_WINDOW_DAYS = 30

// Timestamps leave SQL as ISO text with microseconds, so a cursor compares exactly what the
// database stores (a JS Date would drop the microseconds of a defaultNow()).
const iso = (column: SQL) =>
  sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`

// Only what `iso` writes: anything else in a tampered cursor would reach ::timestamptz and fail
// there as a 500 instead of the cursor's 400.
const IsoMicros = z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/)
const OpenCursor = z.object({ u: z.boolean(), c: z.number().int(), t: IsoMicros, id: z.uuid() })
const ResolvedCursor = z.object({ t: IsoMicros, id: z.uuid() })

interface CaseRow {
  type: ModerationTargetType
  id: string
  urgent: boolean
  waiting: PublishHoldReason | null
  open_count: number
  sort_at: string
  resolved_at: string | null
}

// One case per reported, flagged or recently removed item: open reports (count, newest), open
// crisis flags, an open publish-rule flag (a post waiting for review, issue 38), and when it
// was last closed (reports or flags resolved, or removed, which is how a moderator finds a
// removal to restore: ADR 0005). Hard-deleted items drop out here.
function casesQuery(now: Date) {
  const since = sql`${new Date(now.getTime() - RESOLVED_WINDOW_DAYS * DAY_MS).toISOString()}::timestamptz`
  return sql`
    with report_cases as (
      select target_type, target_id,
        (count(*) filter (where status = 'open'))::int as open_count,
        max(created_at) filter (where status = 'open') as last_open_at,
        max(resolved_at) as resolved_at
      from reports group by target_type, target_id
    ), flag_cases as (
      select target_type, target_id,
        bool_or(resolved_at is null and reason = 'crisis') as urgent,
        min(reason) filter (where resolved_at is null and reason <> 'crisis') as waiting,
        min(created_at) filter (where resolved_at is null) as flagged_at,
        max(resolved_at) as resolved_at
      from moderation_flags group by target_type, target_id
    ), removed_cases as (
      select 'intention' as target_type, id as target_id, removed_at from intentions where removed_at > ${since}
      union all select 'comment', id, removed_at from comments where removed_at > ${since}
      union all select 'testimony', id, removed_at from testimonies where removed_at > ${since}
      union all select 'room', id, removed_at from rooms where removed_at > ${since}
    ), keys as (
      select target_type, target_id from report_cases
      union select target_type, target_id from flag_cases
      union select target_type, target_id from removed_cases
    ), cases as (
      select k.target_type as type, k.target_id as id,
        coalesce(f.urgent, false) as urgent, f.waiting,
        coalesce(r.open_count, 0) as open_count,
        coalesce(r.last_open_at, f.flagged_at) as sort_at,
        greatest(r.resolved_at, f.resolved_at, m.removed_at) as resolved_at
      from keys k
      left join report_cases r on r.target_type = k.target_type and r.target_id = k.target_id
      left join flag_cases f on f.target_type = k.target_type and f.target_id = k.target_id
      left join removed_cases m on m.target_type = k.target_type and m.target_id = k.target_id
    )
    select type, id::text as id, urgent, waiting, open_count,
      ${iso(sql`sort_at`)} as sort_at, ${iso(sql`resolved_at`)} as resolved_at, sort_at as sort_ts,
      resolved_at as resolved_ts
    from cases c
    where (
      (c.type = 'intention' and exists (select 1 from intentions t where t.id = c.id))
      or (c.type = 'comment' and exists (select 1 from comments t where t.id = c.id))
      or (c.type = 'testimony' and exists (select 1 from testimonies t where t.id = c.id))
      or (c.type = 'room' and exists (select 1 from rooms t where t.id = c.id))
    ) and (c.urgent or c.open_count > 0 or c.waiting is not null or c.resolved_at > ${since})`
}

async function pageOfCases(
  db: Database,
  query: Required<Pick<QueueQuery, 'status'>> & { cursor?: string | undefined; limit: number },
  now: Date,
) {
  let select: SQL
  if (query.status === 'open') {
    const cursor = decodeKeyCursor(query.cursor, OpenCursor)
    select = sql`select * from (${casesQuery(now)}) q
      where (q.urgent or q.open_count > 0 or q.waiting is not null)
      ${cursor ? sql`and (q.urgent::int, q.open_count, q.sort_ts, q.id::uuid) < (${Number(cursor.u)}, ${cursor.c}, ${cursor.t}::timestamptz, ${cursor.id}::uuid)` : sql``}
      order by q.urgent desc, q.open_count desc, q.sort_ts desc, q.id desc limit ${query.limit + 1}`
  } else {
    const cursor = decodeKeyCursor(query.cursor, ResolvedCursor)
    select = sql`select * from (${casesQuery(now)}) q
      where not q.urgent and q.open_count = 0 and q.waiting is null and q.resolved_ts is not null
      ${cursor ? sql`and (q.resolved_ts, q.id::uuid) < (${cursor.t}::timestamptz, ${cursor.id}::uuid)` : sql``}
      order by q.resolved_ts desc, q.id desc limit ${query.limit + 1}`
  }
  const result = (await db.execute(select)) as unknown as { rows: CaseRow[] }
  const rows = result.rows.map((row) => ({ ...row, open_count: Number(row.open_count) }))
  const page = rows.slice(0, query.limit)
  const last = page.at(-1)
  let nextCursor: string | null = null
  if (rows.length > query.limit && last) {
    nextCursor =
      query.status === 'open'
        ? encodeKeyCursor({ u: last.urgent, c: last.open_count, t: last.sort_at, id: last.id })
        : encodeKeyCursor({ t: last.resolved_at, id: last.id })
  }
  return { page, nextCursor }
}

async function authorHistories(
  db: Database,
  authorIds: string[],
  now: Date,
): Promise<Map<string, AuthorHistory>> {
  if (authorIds.length === 0) return new Map()
  const ids = sql.join(
    authorIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  )
  const since = new Date(now.getTime() - 30 * DAY_MS).toISOString()
  const result = (await db.execute(sql`
    select u.id::text as id, ${iso(sql`u.suspended_until`)} as suspended_until, u.suspended_until as suspended_ts,
      (count(*) filter (where i.created_at > ${since}::timestamptz))::int as recent,
      (count(*) filter (where i.removed_at is not null))::int as removals
    from users u
    left join (
      select author_id, created_at, removed_at from intentions where author_id in (${ids})
      union all select author_id, created_at, removed_at from comments where author_id in (${ids})
      union all select author_id, created_at, removed_at from testimonies where author_id in (${ids})
      union all select created_by, created_at, removed_at from rooms where created_by in (${ids})
    ) i on i.author_id = u.id
    where u.id in (${ids})
    group by u.id`)) as unknown as {
    rows: {
      id: string
      suspended_until: string | null
      suspended_ts: Date | string | null
      recent: number
      removals: number
    }[]
  }
  return new Map(
    result.rows.map((row) => [
      row.id,
      {
        itemsLast30Days: Number(row.recent),
        removalsTotal: Number(row.removals),
        // A suspension that has ended is history, not a current state.
        suspendedUntil:
          row.suspended_ts && new Date(row.suspended_ts) > now ? row.suspended_until : null,
      },
    ]),
  )
}

async function reportsOf(
  db: Database,
  cases: CaseRow[],
  { openOnly, withReporters }: { openOnly: boolean; withReporters: boolean },
) {
  const r = reportsTable
  const byTarget = new Map<string, QueueItem['reports']>()
  for (const type of MODERATION_TARGET_TYPES) {
    const ids = cases.filter((row) => row.type === type).map((row) => row.id)
    if (ids.length === 0) continue
    const rows = await db
      .select({ report: r, reporterName: usersTable.displayName })
      .from(r)
      .innerJoin(usersTable, eq(usersTable.id, r.reporterId))
      .where(
        and(
          eq(r.targetType, type),
          inArray(r.targetId, ids),
          openOnly ? eq(r.status, 'open') : undefined,
        ),
      )
      .orderBy(sql`${r.createdAt} desc`)
    for (const { report, reporterName } of rows) {
      const key = `${type}:${report.targetId}`
      const list = byTarget.get(key) ?? []
      list.push({
        category: report.category,
        note: report.note,
        createdAt: report.createdAt.toISOString(),
        // Reporters stay anonymous even to moderators (issue 8); admins may look.
        reporter: withReporters ? { userId: report.reporterId, displayName: reporterName } : null,
      })
      byTarget.set(key, list)
    }
  }
  return byTarget
}

/**
 * GET /api/v1/moderation/queue: open items grouped by item, urgent (crisis) first, then the
 * most reported, then the most recently reported; or `status=resolved`, the last 30 days' closed
 * items, newest first, so a moderator can restore what was removed.
 */
export async function listQueue(
  { db, viewer, now }: { db: Database; viewer: Viewer; now: Date },
  query: { status: 'open' | 'resolved'; cursor?: string | undefined; limit: number },
): Promise<QueuePage> {
  const { page, nextCursor } = await pageOfCases(db, query, now)
  const targets = new Map<string, ModerationTarget>()
  for (const type of MODERATION_TARGET_TYPES) {
    const ids = page.filter((row) => row.type === type).map((row) => row.id)
    for (const target of await loadTargets(db, type, ids))
      targets.set(`${type}:${target.id}`, target)
  }
  const authorIds = [...new Set([...targets.values()].map((target) => target.authorId))]
  const authors = new Map(
    authorIds.length === 0
      ? []
      : (
          await db
            .select({ id: usersTable.id, name: usersTable.displayName })
            .from(usersTable)
            .where(inArray(usersTable.id, authorIds))
        ).map((user) => [user.id, user.name]),
  )
  const histories = await authorHistories(db, authorIds, now)
  const reports = await reportsOf(db, page, {
    openOnly: query.status === 'open',
    withReporters: viewer.roles.includes('admin'),
  })
  const items: QueueItem[] = []
  for (const row of page) {
    const key = `${row.type}:${row.id}`
    const target = targets.get(key)
    if (!target) continue
    const itemReports = reports.get(key) ?? []
    const counts = new Map<QueueItem['categories'][number]['category'], number>()
    for (const report of itemReports)
      counts.set(report.category, (counts.get(report.category) ?? 0) + 1)
    items.push({
      target: {
        type: target.type,
        id: target.id,
        intentionId: target.intentionId,
        title: target.title,
        text: target.text,
        createdAt: target.createdAt.toISOString(),
        removedAt: target.removedAt?.toISOString() ?? null,
        removalReason: target.removalReason,
        heldAt: target.heldAt?.toISOString() ?? null,
        author: { userId: target.authorId, displayName: authors.get(target.authorId) ?? '' },
      },
      urgent: row.urgent,
      reportCount: itemReports.length,
      waitingForReview: row.waiting,
      lastReportedAt: itemReports[0]?.createdAt ?? null,
      categories: [...counts].map(([category, count]) => ({ category, count })),
      reports: itemReports,
      authorHistory: histories.get(target.authorId) ?? {
        itemsLast30Days: 0,
        removalsTotal: 0,
        suspendedUntil: null,
      },
      resolvedAt: query.status === 'resolved' ? row.resolved_at : null,
    })
  }
  return { items, nextCursor }
}
