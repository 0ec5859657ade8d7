import { and, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm'
import type { IdentityMode } from '@contract/intentions'
import type { TestimonyVisibility } from '@contract/testimonies'
import type { Viewer } from '../auth/viewer'
import type { Database } from '../db/client'
import { intentionsTable } from '../intentions/intentions.table'
import type { StoredTestimonyLink, TestimonyLink } from '../intentions/testimony-port'
import { testimoniesTable } from './testimonies.table'

/**
 * Whether a prayer and its testimony may be shown linked to anyone but their author. Both have
 * the same author, so linking them when one side is anonymous and the other is not would name
 * the anonymous side's author (spec 001 §3 privacy). Notifications follow the same rule.
 */
export function linkIsPublic(link: {
  visibility: TestimonyVisibility
  identityMode: IdentityMode
}): boolean {
  return (link.visibility === 'anonymous') === (link.identityMode === 'anonymous')
}

/** Whether the link may be shown to this viewer: the author always sees it. */
export function linkShown(
  link: { authorId: string; visibility: TestimonyVisibility; identityMode: IdentityMode },
  viewer: Viewer,
): boolean {
  return link.authorId === viewer.userId || linkIsPublic(link)
}

/**
 * The live testimony of each of these prayers, as the viewer may see it: one query per page,
 * never one per card (DESIGN §3). The caller already checked the viewer may see the prayers;
 * a testimony shares its prayer's group, so it needs no further visibility check.
 */
export async function testimonyLinksFor(
  db: Database,
  viewer: Viewer,
  intentions: readonly { id: string; identityMode: IdentityMode }[],
): Promise<Map<string, TestimonyLink>> {
  const links = new Map<string, TestimonyLink>()
  if (intentions.length === 0) return links
  const modes = new Map(intentions.map((intention) => [intention.id, intention.identityMode]))
  const rows = await db
    .select({
      id: testimoniesTable.id,
      intentionId: testimoniesTable.intentionId,
      title: testimoniesTable.title,
      authorId: testimoniesTable.authorId,
      visibility: testimoniesTable.visibility,
    })
    .from(testimoniesTable)
    .where(
      and(
        inArray(testimoniesTable.intentionId, [...modes.keys()]),
        isNull(testimoniesTable.removedAt),
      ),
    )
  for (const row of rows) {
    const identityMode = modes.get(row.intentionId!)!
    if (linkShown({ ...row, identityMode }, viewer))
      links.set(row.intentionId!, { testimonyId: row.id, title: row.title })
  }
  return links
}

/** The prayer's live testimony (at most one: its unique index), correlated to `intentions`. */
export function testimonyLinkColumn(db: Database): SQL<StoredTestimonyLink | null> {
  const live = db
    .select({
      link: sql`json_build_object('id', ${testimoniesTable.id}, 'title', ${testimoniesTable.title}, 'author_id', ${testimoniesTable.authorId}, 'visibility', ${testimoniesTable.visibility})`,
    })
    .from(testimoniesTable)
    .where(
      and(eq(testimoniesTable.intentionId, intentionsTable.id), isNull(testimoniesTable.removedAt)),
    )
  return sql<StoredTestimonyLink | null>`(${live})`
}

export function testimonyLinkFrom(
  stored: StoredTestimonyLink | null,
  viewer: Viewer,
  identityMode: IdentityMode,
): TestimonyLink | undefined {
  if (!stored) return undefined
  const link = { authorId: stored.author_id, visibility: stored.visibility, identityMode }
  return linkShown(link, viewer) ? { testimonyId: stored.id, title: stored.title } : undefined
}
