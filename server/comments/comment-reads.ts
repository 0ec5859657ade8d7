import { and, eq, isNull, sql, type SQL, type SQLWrapper } from 'drizzle-orm'
import type { Database } from '../db/client'
import type { CommentRow } from './comment-access'
import { commentsTable } from './comments.table'

// What the capabilities after comments (notifications) ask of comments: they never read the
// comments table themselves (server-tables-are-private, docs/architecture.md).

/** A live (not removed) comment, or undefined: removed content raises nothing (issue 6). */
export async function findLiveCommentById(
  db: Database,
  commentId: string,
): Promise<CommentRow | undefined> {
  const [row] = await db
    .select()
    .from(commentsTable)
    .where(and(eq(commentsTable.id, commentId), isNull(commentsTable.removedAt)))
  return row
}

/** True (as SQL) when the comment whose id `idText` holds as text was removed by a moderator. */
export function commentRemoved(idText: SQLWrapper): SQL {
  return sql`exists (select 1 from ${commentsTable} where ${commentsTable.id}::text = ${idText} and ${commentsTable.removedAt} is not null)`
}
