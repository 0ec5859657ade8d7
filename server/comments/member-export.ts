import { eq } from 'drizzle-orm'
import type { MemberExporter } from '../users/member-export'
import { commentReactionsTable, commentsTable } from './comments.table'

/** Issue 40: the member's comments and the reactions they gave to comments. */
export const exportComments: MemberExporter = async (db, userId) => {
  const [comments, reactions] = await Promise.all([
    db.select().from(commentsTable).where(eq(commentsTable.authorId, userId)),
    db
      .select({
        commentId: commentReactionsTable.commentId,
        kind: commentReactionsTable.kind,
        createdAt: commentReactionsTable.createdAt,
      })
      .from(commentReactionsTable)
      .where(eq(commentReactionsTable.userId, userId)),
  ])
  return [
    {
      name: 'comments.json',
      about:
        'Your comments, by the id of the request they answer, with how many liked them or said Amen (counts only).',
      content: comments.map(({ authorId: _you, removedBy: _moderator, ...comment }) => comment),
    },
    {
      name: 'comment-reactions-given.json',
      about: 'The likes and Amens you gave to comments, by comment id.',
      content: reactions,
    },
  ]
}
