import type { Actor } from '../events/domain-events'
import { prayedFor } from '../intentions/intention-reads'
import { findLiveTestimony } from '../testimonies/testimony-reads'
import { linkIsPublic } from '../testimonies/testimony-links'
import type { Notifier } from './notifier'
import { excerpt, liveIntention, SOMEONE, stillInGroup } from './wall-events'

// TestimonyEncouragement (ours, issue 6): the Amen counts worth celebrating with the author.
export const ENCOURAGEMENT_MILESTONES = [5, 10, 25, 50, 100] as const

/** Issue 37: the whole message when either side of the link is anonymous. */
export const SOMEONE_SHARED_A_TESTIMONY = 'Someone shared a testimony about a prayer you prayed for'

/**
 * A testimony of a prayer you prayed for (everyone who prayed and may still see it, except its
 * author). A prayer and its testimony share their author, so when either side is anonymous the
 * notification names no one and quotes no title (the feed would find the story by it). When
 * only one side is, it carries only that side's id: the named side's would tie the anonymous
 * one to its author, as the cards never do (testimony-links.ts).
 */
export async function onTestimonyCreated(notifier: Notifier, actor: Actor, testimonyId: string) {
  const testimony = await findLiveTestimony(notifier.db, testimonyId)
  if (!testimony?.intentionId) return
  const intention = await liveIntention(notifier, testimony.intentionId)
  if (!intention) return
  const link = { visibility: testimony.visibility, identityMode: intention.identityMode }
  const named = link.visibility !== 'anonymous' && link.identityMode !== 'anonymous'
  const shown = linkIsPublic(link)
  const ids = await prayedFor(notifier.db, intention.id, [testimony.authorId])
  for (const userId of await stillInGroup(notifier, intention.groupId, ids))
    await notifier.raiseWithBatch({
      userId,
      type: 'TestimonyCreated',
      title: 'New testimony',
      message: named
        ? `${actor.displayName} shared a testimony about a prayer you prayed for: ${excerpt(testimony.title)}`
        : SOMEONE_SHARED_A_TESTIMONY,
      sourceUserDisplayName: named ? actor.displayName : SOMEONE,
      sourceTestimonyId: shown || link.visibility === 'anonymous' ? testimony.id : null,
      sourceIntentionId: shown || link.identityMode === 'anonymous' ? intention.id : null,
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
  const testimony = await findLiveTestimony(notifier.db, testimonyId)
  if (!testimony || testimony.authorId === actor.userId) return
  const common = {
    userId: testimony.authorId,
    sourceUserDisplayName: actor.displayName,
    sourceTestimonyId: testimony.id,
  }
  await notifier.raiseWithBatch({
    ...common,
    type: 'TestimonyAmenReaction',
    title: `${actor.displayName} said Amen to your testimony`,
    message: excerpt(testimony.title),
    data: { reaction: 'amen' },
    dedupeKey: `testimony-amen:${actor.userId}:${testimony.id}`,
  })
  const milestone = ENCOURAGEMENT_MILESTONES.find((count) => count === amenCount)
  if (milestone)
    await notifier.raiseWithBatch({
      ...common,
      type: 'TestimonyEncouragement',
      title: `${milestone} people said Amen to your testimony`,
      message: `Your testimony has encouraged ${milestone} people. Thank you for sharing it.`,
      data: { amens: milestone },
      dedupeKey: `encouragement:${testimony.id}:${milestone}`,
    })
}
