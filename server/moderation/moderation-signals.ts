import type { ModerationTargetType } from '@contract/moderation'
import type { Database } from '../db/client'
import { openReporterCount } from '../reports/open-reporters'
import { holdTarget, loadTargets } from './moderation-targets'
import { moderationFlagsTable } from './moderation.table'

/**
 * Auto-hold (issue 8): once `threshold` distinct members have open reports on an item, it is
 * hidden from everyone but its author until a moderator reviews it. True when this call held it.
 */
export async function holdIfReportedEnough(
  db: Database,
  target: { type: ModerationTargetType; id: string },
  { threshold, now }: { threshold: number; now: Date },
): Promise<boolean> {
  if ((await openReporterCount(db, target)) < threshold) return false
  return db.transaction((tx) => holdTarget(tx, target.type, target.id, now))
}

/**
 * A post that signals crisis enters the queue marked urgent (DESIGN §4), without any report.
 * Returns the new flag and the item's author, or null when the item already had an open flag
 * (an edit of a flagged post adds none).
 */
export async function flagCrisis(
  db: Database,
  target: { type: ModerationTargetType; id: string },
  now: Date,
): Promise<{ authorId: string; flagId: string } | null> {
  const [item] = await loadTargets(db, target.type, [target.id])
  if (!item || item.removedAt) return null
  const inserted = await db
    .insert(moderationFlagsTable)
    .values({ targetType: target.type, targetId: target.id, reason: 'crisis', createdAt: now })
    .onConflictDoNothing()
    .returning({ id: moderationFlagsTable.id })
  const [flag] = inserted
  return flag ? { authorId: item.authorId, flagId: flag.id } : null
}
