import { eq } from 'drizzle-orm'
import type { MemberExporter } from '../users/member-export'
import { testimoniesTable } from './testimonies.table'
import { testimonyReactionsTable } from './testimony-reactions.table'

/** Issue 40: the member's testimonies and the Amens they gave to testimonies. */
export const exportTestimonies: MemberExporter = async (db, userId) => {
  const [testimonies, reactions] = await Promise.all([
    db.select().from(testimoniesTable).where(eq(testimoniesTable.authorId, userId)),
    db
      .select({
        testimonyId: testimonyReactionsTable.testimonyId,
        kind: testimonyReactionsTable.kind,
        createdAt: testimonyReactionsTable.createdAt,
      })
      .from(testimonyReactionsTable)
      .where(eq(testimonyReactionsTable.userId, userId)),
  ])
  return [
    {
      name: 'testimonies.json',
      about: 'Your testimonies of answered prayer, anonymous ones included, with their Amen count.',
      content: testimonies.map(
        ({ authorId: _you, removedBy: _moderator, ...testimony }) => testimony,
      ),
    },
    {
      name: 'testimony-reactions-given.json',
      about: 'The Amens you gave to testimonies, by testimony id.',
      content: reactions,
    },
  ]
}
