import { and, asc, desc, eq, gte, isNull, lt, ne } from 'drizzle-orm'
import type { Database } from '../db/client'
import { visibleToViewer } from './intention-access'
import { intentionsTable } from './intentions.table'

// Issue 46: what a member's weekly digest tells of the wall, by the wall's own rules: the
// public wall and the private groups they are in, nothing removed or held. Only the request's
// words and counts: never its author, so an anonymous request names no one.

export interface DigestRequest {
  id: string
  title: string
  prayedCount: number
}

const columns = {
  id: intentionsTable.id,
  title: intentionsTable.title,
  prayedCount: intentionsTable.prayedCount,
}

const shown = (userId: string) =>
  and(
    isNull(intentionsTable.removedAt),
    isNull(intentionsTable.heldAt),
    visibleToViewer({ userId }),
  )

/** Requests marked answered in [from, to) that the member may see, newest first. */
export function answeredBetween(
  db: Database,
  userId: string,
  window: { from: Date; to: Date },
  limit: number,
): Promise<DigestRequest[]> {
  return db
    .select(columns)
    .from(intentionsTable)
    .where(
      and(
        eq(intentionsTable.status, 'answered'),
        gte(intentionsTable.statusChangedAt, window.from),
        lt(intentionsTable.statusChangedAt, window.to),
        shown(userId),
      ),
    )
    .orderBy(desc(intentionsTable.statusChangedAt))
    .limit(limit)
}

/**
 * Open requests posted in [from, to) by others that the member may see, the least prayed for
 * first: those that still need prayer.
 */
export function stillNeedingPrayer(
  db: Database,
  userId: string,
  window: { from: Date; to: Date },
  limit: number,
): Promise<DigestRequest[]> {
  return db
    .select(columns)
    .from(intentionsTable)
    .where(
      and(
        eq(intentionsTable.status, 'active'),
        gte(intentionsTable.createdAt, window.from),
        lt(intentionsTable.createdAt, window.to),
        ne(intentionsTable.authorId, userId),
        shown(userId),
      ),
    )
    .orderBy(asc(intentionsTable.prayedCount), asc(intentionsTable.createdAt))
    .limit(limit)
}
