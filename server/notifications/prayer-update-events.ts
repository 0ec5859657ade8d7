import { and, eq, gte, ne, sql } from 'drizzle-orm'
import { findPrayerUpdate, prayedFor, prayerUpdatesSince } from '../intentions/intention-reads'
import { listedBy } from '../prayer-list/prayer-list-reads'
import type { Notifier } from './notifier'
import { notificationsTable as n } from './notifications.table'
import { authorActingName, excerpt, liveIntention, stillInGroup } from './wall-events'

const BUNDLE_WINDOW_MS = 60 * 60 * 1000

/** Everyone who prayed for the request or has it on their list, who can still see it. */
async function followersOf(
  notifier: Notifier,
  intentionId: string,
  authorId: string,
  groupId: string | null,
) {
  const followers = new Set([
    ...(await prayedFor(notifier.db, intentionId)),
    ...(await listedBy(notifier.db, intentionId)),
  ])
  const ids = [...followers].filter((id) => id !== authorId)
  return stillInGroup(notifier, groupId, ids)
}

/**
 * A prayer update (issue 20) tells everyone who prayed for the request or listed it, never the
 * author. Within an hour further updates re-count ONE row per member, as PrayerBundle does:
 * marked unread and moved to the top. The author is named as the card names them
 * (`authorActingName`): `Someone` when anonymous.
 */
export async function onPrayerUpdate(notifier: Notifier, updateId: string) {
  const { db } = notifier
  const update = await findPrayerUpdate(db, updateId)
  if (!update) return
  const intention = await liveIntention(notifier, update.intentionId)
  if (!intention) return
  const name = await authorActingName(notifier, intention)
  const now = notifier.now()
  const windowStart = new Date(now.getTime() - BUNDLE_WINDOW_MS)
  for (const userId of await followersOf(
    notifier,
    intention.id,
    intention.authorId,
    intention.groupId,
  )) {
    const [open] = await db
      .select()
      .from(n)
      .where(
        and(
          eq(n.userId, userId),
          eq(n.sourceIntentionId, intention.id),
          eq(n.type, 'PrayerUpdate'),
          gte(sql`coalesce((${n.data}->>'since')::timestamptz, ${n.createdAt})`, windowStart),
        ),
      )
      .limit(1)
    if (!open || open.dedupeKey === `update:${update.id}`) {
      await notifier.raise({
        userId,
        type: 'PrayerUpdate',
        title: `${name} shared an update on a request you prayed for`,
        message: excerpt(update.text),
        sourceUserDisplayName: name,
        sourceIntentionId: intention.id,
        data: { updates: 1, since: update.createdAt.toISOString() },
        dedupeKey: `update:${update.id}`,
      })
      continue
    }
    const since = typeof open.data?.since === 'string' ? new Date(open.data.since) : open.createdAt
    const updates = (await prayerUpdatesSince(db, intention.id, since)) ?? 1
    const title = `${name} shared ${updates} updates on a request you prayed for`
    await notifier.republish(async (tx) => {
      const [row] = await tx
        .update(n)
        .set({
          title,
          message: excerpt(update.text),
          data: { updates, since: since.toISOString() },
          createdAt: now,
          readAt: null,
        })
        .where(and(eq(n.id, open.id), ne(n.title, title)))
        .returning()
      return row
    })
  }
}
