import { and, eq, inArray, isNull, or, type SQL } from 'drizzle-orm'
import { ErrorCode } from '@contract/errors'
import { isModeratorViewer, type Viewer } from '../auth/viewer'
import type { Database } from '../db/client'
import { myGroups } from '../groups/groups.service'
import { shownDespiteHold } from '../reports/held'
import { httpError } from '../errors/problem-error'
import { testimoniesTable, type TestimonyRow } from './testimonies.table'

// One 404 for "gone" and "not yours to see", so outsiders cannot probe a private group's
// stories (DESIGN §4).
export const TESTIMONY_NOT_FOUND = 'This testimony may have been removed.'

/**
 * Which testimonies the viewer may see: unlinked or public-wall ones, and those of the private
 * groups the viewer belongs to (moderators included: a group is private to its members).
 * Removed and held ones (but the author's own held ones) are left out unless `withRemoved` (a
 * moderator opening one, issue 8).
 */
export async function visibleTestimonies(
  db: Database,
  viewer: Viewer,
  { withRemoved = false }: { withRemoved?: boolean } = {},
): Promise<SQL> {
  const groupIds = (await myGroups({ db, viewer })).map((group) => group.id)
  return and(
    groupIds.length > 0
      ? or(isNull(testimoniesTable.groupId), inArray(testimoniesTable.groupId, groupIds))
      : isNull(testimoniesTable.groupId),
    withRemoved ? undefined : isNull(testimoniesTable.removedAt),
    withRemoved ? undefined : shownDespiteHold(testimoniesTable, viewer),
  )!
}

/**
 * The testimony's row, or 404. Reading a removed one is for moderators only; nobody reacts to
 * a removed one (`forWrite`).
 */
export async function findVisibleTestimony(
  db: Database,
  viewer: Viewer,
  testimonyId: string,
  { forWrite = false }: { forWrite?: boolean } = {},
): Promise<TestimonyRow> {
  const visible = await visibleTestimonies(db, viewer, {
    withRemoved: !forWrite && isModeratorViewer(viewer),
  })
  const [row] = await db
    .select()
    .from(testimoniesTable)
    .where(and(eq(testimoniesTable.id, testimonyId), visible))
  if (!row) throw httpError(404, ErrorCode.notFound, TESTIMONY_NOT_FOUND)
  return row
}
