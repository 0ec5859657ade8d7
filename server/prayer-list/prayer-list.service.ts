import { and, eq } from 'drizzle-orm'
import { orderPrayerList, type PrayerList } from '@contract/prayer-list'
import type { Viewer } from '../auth/viewer'
import type { Database } from '../db/client'
import { assertCanSeeIntention } from '../intentions/intention-access'
import { lastPrayedAt, stillVisibleAmong } from '../intentions/intention-reads'
import { selectIntentionViews } from '../intentions/intention-view'
import type { TestimonyPort } from '../intentions/testimony-port'
import { prayerListEntriesTable, reminderSettingsTable } from './prayer-list.table'

interface Context {
  db: Database
  viewer: Viewer
  now: Date
}

/** PUT /api/v1/prayer-list/{id}: any request the member can see (404 otherwise); repeats safely. */
export async function addToPrayerList(context: Context, intentionId: string) {
  await assertCanSeeIntention({ ...context, intentionId })
  await context.db
    .insert(prayerListEntriesTable)
    .values({ userId: context.viewer.userId, intentionId, addedAt: context.now })
    .onConflictDoNothing()
}

/** DELETE /api/v1/prayer-list/{id}: removes the entry or dismisses its answered note. */
export async function removeFromPrayerList(db: Database, userId: string, intentionId: string) {
  await db
    .delete(prayerListEntriesTable)
    .where(
      and(
        eq(prayerListEntriesTable.userId, userId),
        eq(prayerListEntriesTable.intentionId, intentionId),
      ),
    )
}

/** The member's zone for "prayed today": their reminders' zone, else UTC. */
export async function memberTimeZone(db: Database, userId: string): Promise<string> {
  const [row] = await db
    .select({ timeZone: reminderSettingsTable.timeZone })
    .from(reminderSettingsTable)
    .where(eq(reminderSettingsTable.userId, userId))
  return row?.timeZone ?? 'UTC'
}

/**
 * GET /api/v1/prayer-list. Only what the member can still see: a request removed by a
 * moderator, or in a group they left, drops out (the entry waits in case it comes back).
 */
export async function readPrayerList(
  context: Context & { testimonies: TestimonyPort; showPrayerCounts: boolean },
): Promise<PrayerList> {
  const { db, viewer, now, testimonies, showPrayerCounts } = context
  const entries = await db
    .select()
    .from(prayerListEntriesTable)
    .where(eq(prayerListEntriesTable.userId, viewer.userId))
  if (entries.length === 0) return { items: [] }
  const ids = entries.map((entry) => entry.intentionId)
  const [intentions, prayedAt, timeZone] = await Promise.all([
    selectIntentionViews({
      db,
      viewer,
      now,
      testimonies,
      showPrayerCounts,
      where: stillVisibleAmong(db, viewer, ids),
      limit: ids.length,
    }),
    lastPrayedAt(db, viewer.userId, ids),
    memberTimeZone(db, viewer.userId),
  ])
  const addedAt = new Map(entries.map((entry) => [entry.intentionId, entry.addedAt]))
  const items = intentions.map((intention) => ({
    intention,
    added_at: addedAt.get(intention.intention_id)!.toISOString(),
    last_prayed_at: prayedAt.get(intention.intention_id)?.toISOString() ?? null,
  }))
  return { items: orderPrayerList(items, timeZone, now) }
}
