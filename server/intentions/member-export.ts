import { eq } from 'drizzle-orm'
import type { MemberExporter } from '../users/member-export'
import { intentionsTable } from './intentions.table'
import { prayerUpdatesTable } from './prayer-updates.table'
import { intentionReactionsTable, prayersTable } from './reactions.table'

/**
 * Issue 40: the member's prayer requests (anonymous ones too: they are the member's own), the
 * updates they posted on them, and the prayers, Amens and candles they gave. Of other members'
 * requests only the id: what the member gave, not what others wrote.
 */
export const exportIntentions: MemberExporter = async (db, userId) => {
  const [intentions, updates, prayers, reactions] = await Promise.all([
    db.select().from(intentionsTable).where(eq(intentionsTable.authorId, userId)),
    db
      .select({
        id: prayerUpdatesTable.id,
        intentionId: prayerUpdatesTable.intentionId,
        text: prayerUpdatesTable.text,
        createdAt: prayerUpdatesTable.createdAt,
      })
      .from(prayerUpdatesTable)
      .innerJoin(intentionsTable, eq(intentionsTable.id, prayerUpdatesTable.intentionId))
      .where(eq(intentionsTable.authorId, userId)),
    db
      .select({
        intentionId: prayersTable.intentionId,
        prayedOn: prayersTable.prayedOn,
        createdAt: prayersTable.createdAt,
      })
      .from(prayersTable)
      .where(eq(prayersTable.userId, userId)),
    db
      .select({
        intentionId: intentionReactionsTable.intentionId,
        kind: intentionReactionsTable.kind,
        createdAt: intentionReactionsTable.createdAt,
      })
      .from(intentionReactionsTable)
      .where(eq(intentionReactionsTable.userId, userId)),
  ])
  return [
    {
      name: 'intentions.json',
      about:
        'Your prayer requests, anonymous ones included, with where you posted them, their status and how many prayed, said Amen, lit a candle or commented (counts only: never who).',
      content: intentions.map(
        ({ authorId: _you, removedBy: _moderator, ...intention }) => intention,
      ),
    },
    {
      name: 'intention-updates.json',
      about: 'The updates you posted on your requests.',
      content: updates,
    },
    {
      name: 'prayers-given.json',
      about:
        'The prayers you said (one per request and day), and the Amens and candles you gave, by request id.',
      content: { prayers, reactions },
    },
  ]
}
