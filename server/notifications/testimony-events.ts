import { and, eq, isNull, ne } from 'drizzle-orm'
import type { Actor } from '../events/domain-events'
import { prayersTable } from '../intentions/reactions.table'
import { testimoniesTable } from '../testimonies/testimonies.table'
import type { Notifier } from './notifier'
import { excerpt, liveIntention, SOMEONE } from './wall-events'

// TestimonyEncouragement (ours, issue 6): the Amen counts worth celebrating with the author.
export const ENCOURAGEMENT_MILESTONES = [5, 10, 25, 50, 100] as const

async function liveTestimony(notifier: Notifier, testimonyId: string) {
  const [row] = await notifier.db
    .select()
    .from(testimoniesTable)
    .where(and(eq(testimoniesTable.id, testimonyId), isNull(testimoniesTable.removedAt)))
  return row
}

/** A testimony of a prayer you prayed for (everyone who prayed, except its author). */
export async function onTestimonyCreated(notifier: Notifier, actor: Actor, testimonyId: string) {
  const testimony = await liveTestimony(notifier, testimonyId)
  if (!testimony?.intentionId) return
  const intention = await liveIntention(notifier, testimony.intentionId)
  if (!intention) return
  const name = testimony.visibility === 'anonymous' ? SOMEONE : actor.displayName
  const prayed = await notifier.db
    .selectDistinct({ userId: prayersTable.userId })
    .from(prayersTable)
    .where(
      and(eq(prayersTable.intentionId, intention.id), ne(prayersTable.userId, testimony.authorId)),
    )
  for (const { userId } of prayed)
    await notifier.raise({
      userId,
      type: 'TestimonyCreated',
      title: 'New testimony',
      message: `${name} shared a testimony about a prayer you prayed for: ${excerpt(testimony.title)}`,
      sourceUserDisplayName: name,
      sourceTestimonyId: testimony.id,
      sourceIntentionId: intention.id,
      dedupeKey: `testimony:${testimony.id}`,
    })
}

/** `amenCount`: the count this Amen made (read later, a busy testimony could skip a milestone). */
export async function onTestimonyAmen(
  notifier: Notifier,
  actor: Actor,
  testimonyId: string,
  amenCount: number,
) {
  const testimony = await liveTestimony(notifier, testimonyId)
  if (!testimony || testimony.authorId === actor.userId) return
  const common = {
    userId: testimony.authorId,
    sourceUserDisplayName: actor.displayName,
    sourceTestimonyId: testimony.id,
  }
  await notifier.raise({
    ...common,
    type: 'TestimonyAmenReaction',
    title: `${actor.displayName} said Amen to your testimony`,
    message: excerpt(testimony.title),
    data: { reaction: 'amen' },
    dedupeKey: `testimony-amen:${actor.userId}:${testimony.id}`,
  })
  const milestone = ENCOURAGEMENT_MILESTONES.find((count) => count === amenCount)
  if (milestone)
    await notifier.raise({
      ...common,
      type: 'TestimonyEncouragement',
      title: `${milestone} people said Amen to your testimony`,
      message: `Your testimony has encouraged ${milestone} people. Thank you for sharing it.`,
      data: { amens: milestone },
      dedupeKey: `encouragement:${testimony.id}:${milestone}`,
    })
}
