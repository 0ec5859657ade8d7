import { and, eq, isNull, sql, type SQL, type SQLWrapper } from 'drizzle-orm'
import type { Database } from '../db/client'
import { testimoniesTable, type TestimonyRow } from './testimonies.table'

// What the capabilities after testimonies (notifications) ask of testimonies: they never read
// the testimonies table themselves (server-tables-are-private, docs/architecture.md).

/** A live (not removed) testimony, or undefined: removed content raises nothing (issue 6). */
export async function findLiveTestimony(
  db: Database,
  testimonyId: string,
): Promise<TestimonyRow | undefined> {
  const [row] = await db
    .select()
    .from(testimoniesTable)
    .where(and(eq(testimoniesTable.id, testimonyId), isNull(testimoniesTable.removedAt)))
  return row
}

/** True (as SQL) when the testimony `id` names was removed by a moderator. */
export function testimonyRemoved(id: SQLWrapper): SQL {
  return sql`exists (select 1 from ${testimoniesTable} where ${testimoniesTable.id} = ${id} and ${testimoniesTable.removedAt} is not null)`
}
