import { and, count, desc, eq, inArray, isNull, like, type SQL } from 'drizzle-orm'
import type { Viewer } from '../auth/viewer'
import type { Database } from '../db/client'
import { visibleToViewer } from './intention-access'
import { intentionsTable } from './intentions.table'
import { intentionTagsTable, tagsTable } from './tags.table'

/** Replaces an intention's tags (already normalised by the contract's TagsSchema). */
export async function setIntentionTags(db: Database, intentionId: string, tags: readonly string[]) {
  await db.delete(intentionTagsTable).where(eq(intentionTagsTable.intentionId, intentionId))
  if (tags.length === 0) return
  await db
    .insert(tagsTable)
    .values(tags.map((name) => ({ name })))
    .onConflictDoNothing({ target: tagsTable.name })
  const rows = await db
    .select()
    .from(tagsTable)
    .where(inArray(tagsTable.name, [...tags]))
  const idByName = new Map(rows.map((row) => [row.name, row.id]))
  await db
    .insert(intentionTagsTable)
    .values(tags.map((name, position) => ({ intentionId, tagId: idByName.get(name)!, position })))
}

// Popularity counts only intentions the viewer could open: a tag used only inside a private
// group never reaches an outsider, neither its text nor its weight. Removed and held posts
// count for nobody.
async function rankTags(db: Database, viewer: Viewer, limit: number, filter?: SQL) {
  const uses = count(intentionTagsTable.intentionId)
  const rows = await db
    .select({ name: tagsTable.name, uses })
    .from(tagsTable)
    .innerJoin(intentionTagsTable, eq(intentionTagsTable.tagId, tagsTable.id))
    .innerJoin(intentionsTable, eq(intentionsTable.id, intentionTagsTable.intentionId))
    .where(
      and(
        isNull(intentionsTable.removedAt),
        isNull(intentionsTable.heldAt),
        visibleToViewer(viewer),
        filter,
      ),
    )
    .groupBy(tagsTable.name)
    .orderBy(desc(uses), tagsTable.name)
    .limit(limit)
  return rows.map((row) => row.name)
}

/** GET /api/v1/tags?limit=10: the most used tags (spec 001 §7). */
export function popularTags({
  db,
  viewer,
  limit,
}: {
  db: Database
  viewer: Viewer
  limit: number
}) {
  return rankTags(db, viewer, limit)
}

/**
 * GET /api/v1/tags?search=&limit=8: tags starting with the normalised text, most used first.
 * Normalised text holds only a-z, 0-9, space and hyphen, so it needs no LIKE escaping.
 */
export function searchTags({
  db,
  viewer,
  search,
  limit,
}: {
  db: Database
  viewer: Viewer
  search: string
  limit: number
}) {
  return rankTags(db, viewer, limit, like(tagsTable.name, `${search}%`))
}
