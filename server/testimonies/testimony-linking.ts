import { and, eq, isNull } from 'drizzle-orm'
import { ErrorCode } from '@contract/errors'
import type { TestimonyVisibility } from '@contract/testimonies'
import type { Viewer } from '../auth/viewer'
import type { Database } from '../db/client'
import { assertCanSeeIntention, INTENTION_NOT_FOUND } from '../intentions/intention-access'
import type { IntentionRow } from '../intentions/intention-reads'
import { httpError } from '../errors/problem-error'
import { isUniqueViolation } from '../db/unique-violation'
import { testimoniesTable, type TestimonyRow } from './testimonies.table'
import { countMemberWrite } from '../rate-limit/write-limits'

// Spec 001 §2: a testimony links to one of the author's own answered prayers, once.
export const TESTIMONY_LINK_MESSAGES = {
  notYours: 'You can only share a testimony about your own prayer.',
  notAnswered: 'Only an answered prayer can be linked to a testimony. Mark it answered first.',
  alreadyShared: 'This prayer already has a testimony.',
} as const

export interface NewTestimony {
  title: string
  text: string
  categoryTags: string[]
  visibility: TestimonyVisibility
}

/**
 * The prayer named by POST /api/v1/testimonies' intention_id: one the viewer can see (404
 * otherwise), their own (403), answered (409). "Not twice" is the unique index's job, so two
 * concurrent shares cannot both pass a read.
 */
export async function linkableIntention(
  db: Database,
  viewer: Viewer,
  intentionId: string,
): Promise<IntentionRow> {
  const row = await assertCanSeeIntention({ db, viewer, intentionId })
  if (row.removedAt) throw httpError(404, ErrorCode.notFound, INTENTION_NOT_FOUND)
  if (row.authorId !== viewer.userId)
    throw httpError(403, ErrorCode.forbidden, TESTIMONY_LINK_MESSAGES.notYours)
  if (row.status !== 'answered')
    throw httpError(409, ErrorCode.conflict, TESTIMONY_LINK_MESSAGES.notAnswered)
  return row
}

/**
 * Inserts the testimony, in the private group of its prayer if it has one. A second live
 * testimony for the same prayer hits testimonies_one_per_intention: 409.
 */
export async function insertTestimony(
  db: Database,
  input: { viewer: Viewer; now: Date; testimony: NewTestimony; intention: IntentionRow | null },
): Promise<TestimonyRow> {
  // Both ways of sharing one (the testimony form, the answered dialog) count toward the limit.
  await countMemberWrite(db, { userId: input.viewer.userId, kind: 'testimony', now: input.now })
  try {
    const [row] = await db
      .insert(testimoniesTable)
      .values({
        ...input.testimony,
        authorId: input.viewer.userId,
        intentionId: input.intention?.id ?? null,
        groupId: input.intention?.groupId ?? null,
        createdAt: input.now,
      })
      .returning()
    return row!
  } catch (error) {
    if (isUniqueViolation(error))
      throw httpError(409, ErrorCode.conflict, TESTIMONY_LINK_MESSAGES.alreadyShared)
    throw error
  }
}

/**
 * The answered dialog's testimony (DESIGN §4: PATCH …/status with testimony_title/text/
 * visibility), run inside the status change's transaction so a refused testimony leaves the
 * prayer as it was. Only the prayer's author shares its testimony, even when a moderator
 * closes it. `repeat`: the prayer was already answered (a retry, a second tab); a testimony it
 * already has is kept rather than refused (null: nothing new was shared).
 */
export async function shareAnsweredPrayerTestimony(
  tx: Database,
  input: {
    viewer: Viewer
    now: Date
    intention: IntentionRow
    testimony: Omit<NewTestimony, 'categoryTags'>
    repeat: boolean
  },
): Promise<TestimonyRow | null> {
  const { viewer, intention } = input
  if (intention.authorId !== viewer.userId)
    throw httpError(403, ErrorCode.forbidden, TESTIMONY_LINK_MESSAGES.notYours)
  if (input.repeat) {
    const [existing] = await tx
      .select({ id: testimoniesTable.id })
      .from(testimoniesTable)
      .where(
        and(eq(testimoniesTable.intentionId, intention.id), isNull(testimoniesTable.removedAt)),
      )
    if (existing) return null
  }
  return insertTestimony(tx, {
    viewer,
    now: input.now,
    intention,
    testimony: { ...input.testimony, categoryTags: [] },
  })
}
