import { and, eq, isNull, or, type Placeholder, sql, type SQL } from 'drizzle-orm'
import { ErrorCode } from '@contract/errors'
import { isModeratorViewer, type Viewer, type ViewerId } from '../auth/viewer'
import type { Database } from '../db/client'
import { groupHasMember } from '../groups/group-reads'
import { shownDespiteHold } from '../reports/held'
import { httpError } from '../errors/problem-error'
import { intentionsTable, type IntentionRow } from './intentions.table'

// Spec 001 §8 "Prayer delete/edit: 404" wording; the same 404 hides a private group's prayer
// from outsiders (DESIGN §4), so they cannot tell "hidden" from "gone".
export const INTENTION_NOT_FOUND = 'This prayer may have been removed.'
export const INTENTION_CLOSED = 'This prayer is closed. Reopen it to respond again.'
/** Public wall, or a private group the viewer belongs to. Removal is checked separately. */
export function visibleToViewer(viewer: { userId: ViewerId }): SQL {
  return or(
    eq(intentionsTable.destination, 'public_wall'),
    groupHasMember(intentionsTable.groupId, sql`${viewer.userId}`),
  )!
}

/**
 * visibleToViewer for every viewer in these groups (`groupIds`: their ids joined by commas): the
 * feed's cache shares a page among them (ADR 0026), so the rule must not name the viewer.
 */
export function visibleToGroups(groupIds: Placeholder): SQL {
  return or(
    eq(intentionsTable.destination, 'public_wall'),
    sql`${intentionsTable.groupId} = any(string_to_array(${groupIds}, ',')::uuid[])`,
  )!
}

/**
 * The visibility rule every wall read and write starts with (intentions, comments, reports):
 * the intention's row, or 404. Moderators may still open a removed or held intention (audit,
 * DESIGN §3; a held one also its author); nobody sees a private group's intention without
 * being a member.
 */
export async function assertCanSeeIntention({
  db,
  viewer,
  intentionId,
}: {
  db: Database
  viewer: Viewer
  intentionId: string
}): Promise<IntentionRow> {
  const [row] = await db
    .select()
    .from(intentionsTable)
    .where(
      and(
        eq(intentionsTable.id, intentionId),
        visibleToViewer(viewer),
        isModeratorViewer(viewer) ? undefined : isNull(intentionsTable.removedAt),
        isModeratorViewer(viewer) ? undefined : shownDespiteHold(intentionsTable, viewer),
      ),
    )
  if (!row) throw httpError(404, ErrorCode.notFound, INTENTION_NOT_FOUND)
  return row
}

/** Spec 001 §4: answered and released prayers take no prayers, reactions or comments. */
export function isIntentionClosed(row: Pick<IntentionRow, 'status'>): boolean {
  return row.status !== 'active'
}

/**
 * For responses (pray, amen, candle, comment): visible, not removed (even for a moderator),
 * and open; 423 `closed` otherwise (DESIGN §4).
 */
export async function assertCanRespondToIntention(input: {
  db: Database
  viewer: Viewer
  intentionId: string
}): Promise<IntentionRow> {
  const row = await assertCanSeeIntention(input)
  if (row.removedAt) throw httpError(404, ErrorCode.notFound, INTENTION_NOT_FOUND)
  if (isIntentionClosed(row)) throw httpError(423, ErrorCode.closed, INTENTION_CLOSED)
  return row
}

/** Owner or moderator (spec 001 §6): edit, status, delete. */
export function assertCanManageIntention(viewer: Viewer, row: IntentionRow) {
  if (row.authorId !== viewer.userId && !isModeratorViewer(viewer)) {
    throw httpError(403, ErrorCode.forbidden, "You don't have permission to change this prayer.")
  }
}
