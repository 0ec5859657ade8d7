import { and, desc, eq, ne, sql } from 'drizzle-orm'
import type { CursorPosition } from '@contract/pagination'
import type {
  TestimonyReactionBody,
  TestimonyReactionResponse,
  TestimonyReactorPage,
} from '@contract/testimonies'
import { actorOf, type Viewer } from '../auth/viewer'
import type { Database } from '../db/client'
import { keysetPage } from '../db/keyset-page'
import { recordEvent } from '../events/record-event'
import { accountIsOpen, accountName } from '../users/account-name-sql'
import { findVisibleTestimony } from './testimony-access'
import { testimonyReactionsTable } from './testimony-reactions.table'
import { testimoniesTable } from './testimonies.table'

interface ReactionContext {
  db: Database
  viewer: Viewer
  now: Date
}

const r = testimonyReactionsTable

/**
 * POST /api/v1/testimonies/{id}/reactions {Reaction: 'amen', active?}: toggles, or sets when
 * `active` is given (the outbox's replays, DESIGN §6). `amen_count ± 1` runs only when this
 * request's own insert or delete changed a row, in the same transaction, so any number of
 * concurrent toggles ends exact. `Added` is whether the viewer's Amen stands afterwards.
 */
export async function reactToTestimony(
  { db, viewer, now }: ReactionContext,
  testimonyId: string,
  body: TestimonyReactionBody,
): Promise<TestimonyReactionResponse> {
  await findVisibleTestimony(db, viewer, testimonyId, { forWrite: true })
  const mine = and(eq(r.testimonyId, testimonyId), eq(r.userId, viewer.userId), eq(r.kind, 'amen'))
  return db.transaction(async (tx) => {
    const move = async (delta: 1 | -1) => {
      const [row] = await tx
        .update(testimoniesTable)
        .set({ amenCount: sql`${testimoniesTable.amenCount} + ${delta}` })
        .where(eq(testimoniesTable.id, testimonyId))
        .returning({ amenCount: testimoniesTable.amenCount })
      return row!.amenCount
    }
    const answer = (added: boolean, amen: number) => ({ Added: added, Counts: { Amen: amen } })
    if (body.active !== true) {
      const removed = await tx.delete(r).where(mine).returning({ id: r.id })
      if (removed.length > 0) return answer(false, await move(-1))
      if (body.active === false) return answer(false, await currentCount(tx, testimonyId))
    }
    const added = await tx
      .insert(r)
      .values({ testimonyId, userId: viewer.userId, kind: 'amen', createdAt: now })
      .onConflictDoNothing()
      .returning({ id: r.id })
    if (added.length > 0) {
      const amenCount = await move(1)
      await recordEvent(
        tx,
        { type: 'TestimonyReacted', payload: { testimonyId, actor: actorOf(viewer), amenCount } },
        { occurredAt: now },
      )
      return answer(true, amenCount)
    }
    return answer(true, await currentCount(tx, testimonyId))
  })
}

async function currentCount(db: Database, testimonyId: string): Promise<number> {
  const [row] = await db
    .select({ amenCount: testimoniesTable.amenCount })
    .from(testimoniesTable)
    .where(eq(testimoniesTable.id, testimonyId))
  return row!.amenCount
}

/**
 * GET /api/v1/testimonies/{id}/reactors?type=amen&cursor: who said Amen, newest first, display
 * names only. On an anonymous testimony the author's own Amen is left out for everyone else:
 * listing it would name the author.
 */
export async function listTestimonyReactors(
  { db, viewer }: Omit<ReactionContext, 'now'>,
  testimonyId: string,
  query: { cursor?: CursorPosition | undefined; limit: number },
): Promise<TestimonyReactorPage> {
  const testimony = await findVisibleTestimony(db, viewer, testimonyId)
  const hideAuthor = testimony.visibility === 'anonymous' && testimony.authorId !== viewer.userId
  const keyset = keysetPage(query)
  const rows = await db
    .select({ userId: r.userId, displayName: accountName(r.userId), at: r.createdAt })
    .from(r)
    // A deleted member's Amens stay counted, unnamed (issue 40).
    .where(
      and(
        accountIsOpen(r.userId),
        eq(r.testimonyId, testimonyId),
        eq(r.kind, 'amen'),
        hideAuthor ? ne(r.userId, testimony.authorId) : undefined,
        keyset.after(r.createdAt, r.userId),
      ),
    )
    .orderBy(desc(r.createdAt), desc(r.userId))
    .limit(keyset.take)
  const { items, nextCursor } = keyset.page(rows, (row) => ({ createdAt: row.at, id: row.userId }))
  return {
    items: items.map((row) => ({
      userId: row.userId,
      displayName: row.displayName,
      isYou: row.userId === viewer.userId,
    })),
    nextCursor,
  }
}
