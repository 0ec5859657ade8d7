import { sql } from 'drizzle-orm'
import { ErrorCode } from '@contract/errors'
import {
  WRITE_LIMIT_MESSAGES,
  WRITE_LIMIT_WINDOW_MS,
  WRITE_LIMITS,
  type WriteLimitKind,
} from '@contract/write-limits'
import type { Database } from '../db/client'
import { ProblemError } from '../errors/problem-error'
import { memberWritesTable } from './member-writes.table'

/**
 * Counts a post, comment or testimony against its author's hourly limit (issue 37), inside the
 * write's own transaction `tx`: a write that fails later counts nothing, and a sync batch's
 * entries (one transaction, ADR 0019) see the ones before them. Counted in the database, so
 * every server process agrees; an Idempotency-Key replay is answered before its service runs,
 * so it never gets here. Over the limit: 429 `write_limited` with Retry-After.
 */
export async function countMemberWrite(
  tx: Database,
  { userId, kind, now }: { userId: string; kind: WriteLimitKind; now: Date },
): Promise<void> {
  // Until this transaction ends, the member's other writes of this kind wait here, in every
  // process: two sent at once cannot both take the last place.
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${`member-writes:${userId}:${kind}`}, 0))`,
  )
  const since = new Date(now.getTime() - WRITE_LIMIT_WINDOW_MS).toISOString()
  // One statement on member_writes_count_idx: drop the member's rows that left the hour (so the
  // table holds at most a limit's worth per member and kind), and read the limit-th newest row
  // of the hour, which exists only when the limit is reached.
  const result = await tx.execute<{ created_at: string | Date }>(sql`
    with aged as (
      delete from ${memberWritesTable}
      where user_id = ${userId} and kind = ${kind} and created_at <= ${since}::timestamptz
    )
    select created_at from ${memberWritesTable}
    where user_id = ${userId} and kind = ${kind} and created_at > ${since}::timestamptz
    order by created_at desc
    limit 1 offset ${WRITE_LIMITS[kind] - 1}`)
  const [limitReachedBy] = (result as unknown as { rows: { created_at: string | Date }[] }).rows
  if (limitReachedBy) {
    const freeAt = new Date(limitReachedBy.created_at).getTime() + WRITE_LIMIT_WINDOW_MS
    throw writeLimited(kind, freeAt - now.getTime())
  }
  await tx.insert(memberWritesTable).values({ userId, kind, createdAt: now })
}

function writeLimited(kind: WriteLimitKind, waitMs: number) {
  const retryAfter = String(Math.max(1, Math.ceil(waitMs / 1000)))
  return new ProblemError(
    429,
    ErrorCode.writeLimited,
    WRITE_LIMIT_MESSAGES[kind],
    undefined,
    undefined,
    { 'retry-after': retryAfter },
  )
}
