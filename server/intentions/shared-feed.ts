import { and, eq, exists, isNotNull, isNull, type Placeholder, sql, type SQL } from 'drizzle-orm'
import type { Intention } from '@contract/intentions'
import type { Viewer } from '../auth/viewer'
import type { Database } from '../db/client'
import { preparedOnce } from '../db/prepared-once'
import { groupMembersTable } from '../groups/groups.table'
import { usersTable } from '../users/users.table'
import type { FeedCache, ViewerScope } from './feed-cache'
import { sharedViewsQuery, toIntentions } from './intention-view'
import { intentionsTable } from './intentions.table'
import { pageSize } from './prepared-intention-views'
import type { TestimonyPort } from './testimony-port'
import { flagsOfCards, NO_FLAGS, utcDay } from './viewer-flags'

// The wall's feed through the process's cache (issue 22, ADR 0026). A page's cards are the same
// for every viewer in the same groups, so they are read once for all of them; the viewer's own
// flags are one indexed query over the page's ids. What was sent to a viewer is kept too, until
// a change: a page read again costs no query and no second schema check of the same data.

const VIEWER_ID = sql.placeholder('viewerId')
const GROUPS = sql.placeholder('groups')

/**
 * The viewer's groups, and whether they have a held card (which only they see: shownDespiteHold).
 * Everything else the feed's visibility rule asks is the same for every viewer (ADR 0026).
 */
async function readScope(db: Database, viewerId: string): Promise<ViewerScope> {
  const statement = preparedOnce(db, 'feed_viewer_scope', () => {
    const groups = db
      .select({
        ids: sql`string_agg(${groupMembersTable.groupId}::text, ',' order by ${groupMembersTable.groupId})`,
      })
      .from(groupMembersTable)
      .where(eq(groupMembersTable.userId, VIEWER_ID))
    const held = db
      .select({ one: intentionsTable.id })
      .from(intentionsTable)
      .where(
        and(
          eq(intentionsTable.authorId, VIEWER_ID),
          isNotNull(intentionsTable.heldAt),
          isNull(intentionsTable.removedAt),
        ),
      )
    return db
      .select({
        groups: sql<string>`coalesce((${groups}), '')`,
        ownHeld: exists(held).mapWith(Boolean),
      })
      .from(usersTable)
      .where(eq(usersTable.id, VIEWER_ID))
      .prepare('feed_viewer_scope')
  })
  const [scope] = await statement.execute({ viewerId })
  return scope ?? { groups: '', ownHeld: false }
}

/**
 * The feed's page as sent to this viewer, through the cache, or undefined when this viewer's page
 * may not be shared (their own held card is in it for them alone): the caller reads it as
 * before. `build` gets the viewer's groups (a comma list) as a placeholder and returns the page's
 * SQL for any viewer in those groups; `key` names the filters' values and cursor; `respond`
 * makes the response of the page's cards and serialises it with the route's schema check.
 */
export async function sharedFeedBody({
  db,
  cache,
  viewer,
  now,
  testimonies,
  statement,
  build,
  values,
  key,
  limit,
  respond,
  showPrayerCounts,
}: {
  db: Database
  cache: FeedCache
  viewer: Viewer
  now: Date
  testimonies: TestimonyPort
  showPrayerCounts: boolean
  statement: string
  build: (groups: Placeholder) => { where: SQL; oldestFirst: boolean }
  values: Record<string, unknown>
  key: string
  limit: number
  respond: (items: Intention[]) => string
}): Promise<string | undefined> {
  const version = cache.version()
  let scope = cache.scope(viewer.userId)
  if (!scope) {
    scope = await readScope(db, viewer.userId)
    cache.keepScope(viewer.userId, scope, version)
  }
  if (scope.ownHeld) return undefined
  // The limit is in the statement's text, so each page size is a statement of its own.
  const name = `${statement}_${limit}`
  const pageKey = `${name}|${scope.groups}|${key}`
  const day = utcDay(now)
  // The community's count rule is in the key: a body sent before a change is not sent after it.
  const bodyKey = `${viewer.userId}|${day}|${showPrayerCounts}|${pageKey}`
  const sent = cache.body(bodyKey)
  if (sent !== undefined) return sent

  let rows = cache.page(pageKey)
  if (!rows) {
    const query = preparedOnce(db, name, () =>
      sharedViewsQuery(db, { ...build(GROUPS), limit: pageSize(limit), testimonies }).prepare(name),
    )
    rows = await query.execute({ ...values, groups: scope.groups })
    cache.keepPage(pageKey, rows, version)
  }
  const ids = rows.map((view) => view.row.id)
  const flags = await flagsOfCards(db, viewer.userId, day, ids)
  const views = rows.map((view) => ({ ...view, ...(flags.get(view.row.id) ?? NO_FLAGS) }))
  const body = respond(toIntentions(viewer, testimonies, views, showPrayerCounts))
  cache.keepBody(bodyKey, body, version)
  return body
}
