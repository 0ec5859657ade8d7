import { and, desc, eq, min, ne, sql } from 'drizzle-orm'
import type { IntentionReactorsQuery } from '@contract/intentions'
import type { ReactorPage } from '@contract/reactors'
import type { Viewer } from '../auth/viewer'
import type { Database } from '../db/client'
import { keysetPage, type KeysetPage } from '../db/keyset-page'
import { accountIsOpen, accountName } from '../users/account-name-sql'
import { assertCanSeeIntention } from './intention-access'
import { prayerCountShown } from './intention-view'
import { intentionReactionsTable, prayersTable } from './reactions.table'

interface ReactorRow {
  userId: string
  displayName: string
  at: Date
}

function toPage(rows: ReactorRow[], viewer: Viewer, keyset: KeysetPage): ReactorPage {
  const { items, nextCursor } = keyset.page(rows, (row) => ({ createdAt: row.at, id: row.userId }))
  return {
    items: items.map((row) => ({
      user_id: row.userId,
      display_name: row.displayName,
      created_at: row.at.toISOString(),
      is_you: row.userId === viewer.userId,
    })),
    next_cursor: nextCursor,
  }
}

/**
 * GET /api/v1/intentions/{id}/reactions?type=prayed|amen|candle: who responded, newest first,
 * display names only. A member who prays on several days is listed once, at their first
 * prayer, so the list's order never changes under a reader paging through it. On an anonymous
 * intention the author's own responses are left out for everyone else: listing them would
 * name the author. When the community hides prayer counts, who prayed is the author's alone
 * too: the list would be the count (issue 38). A deleted member's responses stay in the counts
 * but leave the list: their id and name are gone from it (issue 40, ADR 0035).
 */
export async function listIntentionReactors(
  { db, viewer, showPrayerCounts }: { db: Database; viewer: Viewer; showPrayerCounts: boolean },
  intentionId: string,
  query: IntentionReactorsQuery,
): Promise<ReactorPage> {
  const intention = await assertCanSeeIntention({ db, viewer, intentionId })
  if (query.type === 'prayed' && !prayerCountShown(showPrayerCounts, intention.authorId, viewer))
    return { items: [], next_cursor: null }
  const hideAuthor = intention.identityMode === 'anonymous' && intention.authorId !== viewer.userId
  const keyset = keysetPage(query)

  if (query.type === 'prayed') {
    const firsts = db
      .select({ userId: prayersTable.userId, at: min(prayersTable.createdAt).as('at') })
      .from(prayersTable)
      .where(
        and(
          eq(prayersTable.intentionId, intentionId),
          hideAuthor ? ne(prayersTable.userId, intention.authorId) : undefined,
        ),
      )
      .groupBy(prayersTable.userId)
      .having(keyset.after(sql`min(${prayersTable.createdAt})`, prayersTable.userId))
      .as('firsts')
    const rows = await db
      .select({ userId: firsts.userId, displayName: accountName(firsts.userId), at: firsts.at })
      .from(firsts)
      // A deleted member's prayers stay counted, unnamed (issue 40).
      .where(accountIsOpen(firsts.userId))
      .orderBy(desc(firsts.at), desc(firsts.userId))
      .limit(keyset.take)
    return toPage(rows as ReactorRow[], viewer, keyset)
  }

  const r = intentionReactionsTable
  const rows = await db
    .select({ userId: r.userId, displayName: accountName(r.userId), at: r.createdAt })
    .from(r)
    .where(
      and(
        accountIsOpen(r.userId),
        eq(r.intentionId, intentionId),
        eq(r.kind, query.type),
        hideAuthor ? ne(r.userId, intention.authorId) : undefined,
        keyset.after(r.createdAt, r.userId),
      ),
    )
    .orderBy(desc(r.createdAt), desc(r.userId))
    .limit(keyset.take)
  return toPage(rows, viewer, keyset)
}
