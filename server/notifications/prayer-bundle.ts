import { and, desc, eq, gte, ne } from 'drizzle-orm'
import { peoplePrayedSince } from '../intentions/intention-reads'
import type { Notifier } from './notifier'
import { notificationsTable as n } from './notifications.table'

const BUNDLE_WINDOW_MS = 60 * 60 * 1000

interface Prayer {
  recipientId: string
  actorId: string
  actorName: string
  intentionId: string
  intentionTitle: string
  day: string
}

/**
 * A busy prayer must not flood its author (issue 6): the first prayer in an hour raises
 * PrayerReaction; further prayers in that hour update ONE PrayerBundle row ('5 people prayed for
 * your intention'), marked unread again and moved to the top. The count is read from the prayers
 * themselves, so a replayed prayer changes nothing.
 */
export async function raisePrayer(notifier: Notifier, prayer: Prayer) {
  const { db } = notifier
  const now = notifier.now()
  const windowStart = new Date(now.getTime() - BUNDLE_WINDOW_MS)
  const [first] = await db
    .select()
    .from(n)
    .where(
      and(
        eq(n.userId, prayer.recipientId),
        eq(n.sourceIntentionId, prayer.intentionId),
        eq(n.type, 'PrayerReaction'),
        gte(n.createdAt, windowStart),
      ),
    )
    .orderBy(desc(n.createdAt))
    .limit(1)
  const dedupeKey = `pray:${prayer.actorId}:${prayer.intentionId}:${prayer.day}`
  if (!first || first.dedupeKey === dedupeKey) {
    await notifier.raise({
      userId: prayer.recipientId,
      type: 'PrayerReaction',
      title: `${prayer.actorName} prayed for your intention`,
      message: prayer.intentionTitle,
      sourceUserDisplayName: prayer.actorName,
      sourceIntentionId: prayer.intentionId,
      dedupeKey,
    })
    return
  }
  const people = await peoplePrayedSince(db, {
    intentionId: prayer.intentionId,
    except: prayer.recipientId,
    since: first.createdAt,
  })
  if (people < 2) return
  const bundle = {
    userId: prayer.recipientId,
    type: 'PrayerBundle' as const,
    title: `${people} people prayed for your intention`,
    message: prayer.intentionTitle,
    sourceIntentionId: prayer.intentionId,
    data: { people },
    dedupeKey: `bundle:${first.id}`,
    createdAt: now,
    readAt: null,
  }
  await notifier.republish(async (tx) => {
    const [row] = await tx
      .insert(n)
      .values(bundle)
      .onConflictDoUpdate({
        target: [n.userId, n.dedupeKey],
        set: { title: bundle.title, data: bundle.data, createdAt: now, readAt: null },
        // Unchanged count (a replay): leave the row and its read state alone.
        setWhere: ne(n.title, bundle.title),
      })
      .returning()
    return row
  })
}
