import { sql, type SQL } from 'drizzle-orm'
import type { Database } from '../db/client'

// The dashboard's two statements (docs/dashboard.md). Each table is read once, on the index of
// the column it is counted by where one exists, and grouped into the weeks by width_bucket over
// the weeks' bounds: bucket 0 is before the first week, 1..n the weeks.

const DAY = `interval '1 day'`

/** A week's figure as a statement gives it: bucket 1 is the oldest week. */
export interface BucketRow {
  key: string
  bucket: number
  value: number | null
}

const timestamps = (bounds: readonly Date[]) =>
  sql`array[${sql.join(
    bounds.map((bound) => sql`${bound.toISOString()}::timestamptz`),
    sql`, `,
  )}]`

/**
 * Every weekly figure in one statement: members joined (bucket 0 too, for the running total),
 * requests, prayers, answers, testimonies, room sessions, reports opened, the first-prayer share's
 * two counts and the median time to handle a report.
 */
export async function weeklyFigures(db: Database, bounds: readonly Date[]): Promise<BucketRow[]> {
  const weeks = timestamps(bounds)
  const from = sql`${bounds[0]!.toISOString()}::timestamptz`
  const now = sql`${bounds.at(-1)!.toISOString()}::timestamptz`
  const bucket = (column: SQL) => sql`width_bucket(${column}, ${weeks})`
  const result = (await db.execute(sql`
    select 'members_joined' as key, ${bucket(sql`created_at`)} as bucket, count(*)::float8 as value
      from users group by 2
    union all
    select 'requests_posted', ${bucket(sql`created_at`)}, count(*)::float8
      from intentions where created_at >= ${from} group by 2
    union all
    select 'prayers_said', ${bucket(sql`created_at`)}, count(*)::float8
      from prayers where created_at >= ${from} group by 2
    union all
    select 'requests_answered', ${bucket(sql`status_changed_at`)}, count(*)::float8
      from intentions where status = 'answered' and status_changed_at >= ${from} group by 2
    union all
    select 'testimonies_posted', ${bucket(sql`created_at`)}, count(*)::float8
      from testimonies where created_at >= ${from} group by 2
    union all
    select 'rooms_held', ${bucket(sql`session_at`)}, count(*)::float8
      from (select distinct room_id, session_at from room_amens where session_at >= ${from}) s
      group by 2
    union all
    select 'reports_opened', ${bucket(sql`created_at`)}, count(*)::float8
      from reports where created_at >= ${from} group by 2
    union all
    select 'report_handling_median_seconds', ${bucket(sql`resolved_at`)},
        percentile_cont(0.5) within group (order by extract(epoch from resolved_at - created_at))
      from reports where status <> 'open' and resolved_at >= ${from} group by 2
    union all
    select 'first_prayer_judged', ${bucket(sql`i.created_at`)}, count(*)::float8
      from intentions i
      where i.created_at >= ${from} and i.created_at <= ${now} - ${sql.raw(DAY)}
        and i.removed_at is null
      group by 2
    union all
    select 'first_prayer_met', ${bucket(sql`i.created_at`)}, count(*)::float8
      from intentions i
      where i.created_at >= ${from} and i.created_at <= ${now} - ${sql.raw(DAY)}
        and i.removed_at is null
        and exists (
          select 1 from prayers p
          where p.intention_id = i.id and p.user_id <> i.author_id
            and p.created_at < i.created_at + ${sql.raw(DAY)}
        )
      group by 2
  `)) as unknown as { rows: { key: string; bucket: number | string; value: number | null }[] }
  return result.rows.map((row) => ({
    key: row.key,
    bucket: Number(row.bucket),
    value: row.value === null ? null : Number(row.value),
  }))
}

const DAY_MS = 86_400_000

/**
 * Members who took part (prayed, posted, commented, reacted) in the 7 and 30 days before each
 * week's end, the last "end" being now. Reading without acting leaves no trace we keep, so it
 * is not counted (docs/dashboard.md).
 *
 * One pass: the acts are grouped by member, each member gets a flag per window (did they act
 * in it?), and the flags are counted. A member with a hundred prayers is one row, and no act is
 * joined to the twelve windows.
 */
export async function activeMembers(
  db: Database,
  ends: readonly Date[],
): Promise<{ point: number; active7: number; active30: number }[]> {
  const stamp = (time: number) => sql`${new Date(time).toISOString()}::timestamptz`
  const windows = ends.flatMap((end) =>
    [7, 30].map((days) => ({ from: end.getTime() - days * DAY_MS, to: end.getTime() })),
  )
  const flags = sql.join(
    windows.map(
      ({ from, to }, index) =>
        sql`bool_or(at >= ${stamp(from)} and at < ${stamp(to)}) as ${sql.raw(`w${index}`)}`,
    ),
    sql`, `,
  )
  const counts = sql.join(
    windows.map((_, index) => sql.raw(`(count(*) filter (where w${index}))::int as w${index}`)),
    sql`, `,
  )
  const from = stamp(Math.min(...windows.map((window) => window.from)))
  const result = (await db.execute(sql`
    with activity as (
      select user_id, created_at as at from prayers where created_at >= ${from}
      union all select author_id, created_at from intentions where created_at >= ${from}
      union all select author_id, created_at from comments where created_at >= ${from}
      union all select author_id, created_at from testimonies where created_at >= ${from}
      union all select user_id, created_at from intention_reactions where created_at >= ${from}
      union all select user_id, created_at from comment_reactions where created_at >= ${from}
      union all select user_id, created_at from testimony_reactions where created_at >= ${from}
    ),
    members as (select user_id, ${flags} from activity group by user_id)
    select ${counts} from members
  `)) as unknown as { rows: Record<string, number | string>[] }
  const row = result.rows[0] ?? {}
  return ends.map((_, point) => ({
    point,
    active7: Number(row[`w${point * 2}`] ?? 0),
    active30: Number(row[`w${point * 2 + 1}`] ?? 0),
  }))
}
