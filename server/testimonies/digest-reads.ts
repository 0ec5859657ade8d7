import { and, desc, gte, isNull, lt, or, sql } from 'drizzle-orm'
import type { Database } from '../db/client'
import { groupHasMember } from '../groups/group-reads'
import { testimoniesTable } from './testimonies.table'

// Issue 46: the testimonies a member's weekly digest tells of, by the testimonies' own rules:
// unlinked to a group or in one they are in, nothing removed or held. The title only, never the
// author, so an anonymous testimony names no one.

export interface DigestTestimony {
  id: string
  title: string
}

/** Testimonies shared in [from, to) that the member may see, newest first. */
export function testimoniesBetween(
  db: Database,
  userId: string,
  window: { from: Date; to: Date },
  limit: number,
): Promise<DigestTestimony[]> {
  return db
    .select({ id: testimoniesTable.id, title: testimoniesTable.title })
    .from(testimoniesTable)
    .where(
      and(
        gte(testimoniesTable.createdAt, window.from),
        lt(testimoniesTable.createdAt, window.to),
        isNull(testimoniesTable.removedAt),
        isNull(testimoniesTable.heldAt),
        or(
          isNull(testimoniesTable.groupId),
          groupHasMember(testimoniesTable.groupId, sql`${userId}`),
        ),
      ),
    )
    .orderBy(desc(testimoniesTable.createdAt))
    .limit(limit)
}
