import { cutText } from '@contract/text'
import type { Actor } from '../events/domain-events'
import { findLiveCommentById } from '../comments/comment-reads'
import { membersAmong } from '../groups/group-reads'
import { intentionAuthorName } from '../intentions/intention-view'
import { findLiveIntention, prayedFor, type IntentionRow } from '../intentions/intention-reads'
import type { Notifier } from './notifier'

/** Spec 000 §9: the client falls back to this name too. */
export const SOMEONE = 'Someone'

// Notifications quote the prayer or comment they are about; the panel has room for a line.
// The cut never halves an emoji: a lone surrogate in a notification's jsonb data made its
// insert fail (issue 14).
export function excerpt(text: string, max = 120): string {
  const flat = text.replace(/\s+/g, ' ').trim()
  return flat.length <= max ? flat : `${cutText(flat, max - 1).trimEnd()}…`
}

/**
 * A prayer's author acting on it, named as its card names them: `Someone` when it is anonymous
 * (spec 001 §1), and by the real name under a real name, since their display name beside it
 * would pair the two, which nothing else shows a group (issue 37).
 */
export async function authorActingName(
  notifier: Notifier,
  intention: Pick<IntentionRow, 'authorId' | 'identityMode'>,
): Promise<string> {
  if (intention.identityMode === 'anonymous') return SOMEONE
  return intentionAuthorName(notifier.db, intention)
}

/**
 * Those of `userIds` who may still see a request of this group (all of them for a public one):
 * a member who left a private group no longer sees its requests, so hears nothing of them.
 */
export async function stillInGroup(
  notifier: Notifier,
  groupId: string | null,
  userIds: string[],
): Promise<string[]> {
  if (!groupId || userIds.length === 0) return userIds
  const inGroup = await membersAmong(notifier.db, groupId, userIds)
  return userIds.filter((id) => inGroup.has(id))
}

/** A live (not removed) intention, or undefined: removed content raises nothing (issue 6). */
export function liveIntention(notifier: Notifier, intentionId: string) {
  return findLiveIntention(notifier.db, intentionId)
}

/**
 * One PrayerReaction per member, request and day (a replay raises nothing); the panel, the count
 * and a phone's tray fold them into one entry (issue 47, ADR 0039: this replaced issue 6's
 * re-counted PrayerBundle row).
 */
export async function onPrayed(notifier: Notifier, actor: Actor, intentionId: string, day: string) {
  const intention = await liveIntention(notifier, intentionId)
  if (!intention || intention.authorId === actor.userId) return
  await notifier.raiseWithBatch({
    userId: intention.authorId,
    type: 'PrayerReaction',
    title: `${actor.displayName} prayed for your intention`,
    message: excerpt(intention.title),
    sourceUserDisplayName: actor.displayName,
    sourceIntentionId: intentionId,
    dedupeKey: `pray:${actor.userId}:${intentionId}:${day}`,
  })
}

export async function onIntentionReaction(
  notifier: Notifier,
  actor: Actor,
  intentionId: string,
  kind: 'amen' | 'candle',
) {
  const intention = await liveIntention(notifier, intentionId)
  if (!intention || intention.authorId === actor.userId) return
  await notifier.raiseWithBatch({
    userId: intention.authorId,
    type: kind === 'amen' ? 'PrayerAmenReaction' : 'PrayerCandleReaction',
    title:
      kind === 'amen'
        ? `${actor.displayName} said Amen to your intention`
        : `${actor.displayName} lit a candle for your intention`,
    message: excerpt(intention.title),
    sourceUserDisplayName: actor.displayName,
    sourceIntentionId: intentionId,
    data: { reaction: kind },
    dedupeKey: `${kind}:${actor.userId}:${intentionId}`,
  })
}

export async function onCommented(notifier: Notifier, actor: Actor, commentId: string) {
  const comment = await findLiveCommentById(notifier.db, commentId)
  if (!comment) return
  const intention = await liveIntention(notifier, comment.intentionId)
  if (!intention || intention.authorId === actor.userId) return
  await notifier.raiseWithBatch({
    userId: intention.authorId,
    type: 'IntentionComment',
    title: `${actor.displayName} commented on your intention`,
    message: excerpt(comment.content),
    sourceUserDisplayName: actor.displayName,
    sourceIntentionId: intention.id,
    // Lets the list hide it once a moderator removes the comment (issue 8).
    data: { commentId },
    dedupeKey: `comment:${commentId}`,
  })
}

export async function onCommentReaction(
  notifier: Notifier,
  actor: Actor,
  commentId: string,
  kind: 'like' | 'amen',
) {
  const comment = await findLiveCommentById(notifier.db, commentId)
  if (!comment || comment.authorId === actor.userId) return
  const intention = await liveIntention(notifier, comment.intentionId)
  if (!intention) return
  const name =
    intention.authorId === actor.userId
      ? await authorActingName(notifier, intention)
      : actor.displayName
  await notifier.raiseWithBatch({
    userId: comment.authorId,
    type: kind === 'amen' ? 'CommentAmenReaction' : 'CommentReaction',
    title: kind === 'amen' ? `${name} said Amen to your comment` : `${name} liked your comment`,
    message: excerpt(comment.content),
    sourceUserDisplayName: name,
    sourceIntentionId: intention.id,
    data: { reaction: kind, commentId },
    dedupeKey: `comment-${kind}:${actor.userId}:${commentId}`,
  })
}

/** Answered or released in peace: told to everyone who prayed and may still see it, but the author. */
export async function onStatusChanged(
  notifier: Notifier,
  actor: Actor,
  intentionId: string,
  status: string,
) {
  if (status !== 'answered' && status !== 'released_in_peace') return
  const intention = await liveIntention(notifier, intentionId)
  if (!intention || !intention.statusChangedAt) return
  const answered = status === 'answered'
  const ids = await prayedFor(notifier.db, intentionId, [intention.authorId, actor.userId])
  for (const userId of await stillInGroup(notifier, intention.groupId, ids))
    await notifier.raiseWithBatch({
      userId,
      type: answered ? 'IntentionAnswered' : 'IntentionResolved',
      title: answered
        ? 'A prayer you prayed for was answered'
        : 'A prayer you prayed for was released in peace',
      message: excerpt(intention.title),
      sourceIntentionId: intentionId,
      // A reopened and answered-again prayer notifies again: the change time is the event.
      dedupeKey: `${status}:${intentionId}:${intention.statusChangedAt.toISOString()}`,
    })
}
