import type { ModerationTargetType } from '@contract/moderation'
import type { Notifier } from '../notifications/notifier'
import { excerpt } from '../notifications/wall-events'
import { staffIds } from '../users/users.repository'
import type { ModerationTarget } from './moderation-targets'

const NOUN: Record<ModerationTargetType, string> = {
  intention: 'prayer request',
  comment: 'comment',
  testimony: 'testimony',
  room: 'prayer room',
}

/**
 * The author hears that and why a moderator removed their post (issue 8). `dedupeKey` names
 * the removal (its event), so a redelivered one is told once.
 */
export async function noticeRemoval(
  notifier: Notifier,
  target: ModerationTarget,
  reason: string,
  dedupeKey: string,
) {
  await notifier.raise({
    dedupeKey,
    userId: target.authorId,
    type: 'ContentRemoved',
    title: `A moderator removed your ${NOUN[target.type]}`,
    message: `Reason: ${reason}`,
    // A removed comment's prayer is still there to open; a removed prayer or testimony is not.
    sourceIntentionId: target.type === 'comment' ? target.intentionId : null,
    data: {
      targetType: target.type,
      targetId: target.id,
      reason,
      excerpt: excerpt(target.title ?? target.text),
    },
  })
}

/** The author of a removed post hears when a moderator brings it back, and can open it. */
export async function noticeRestore(
  notifier: Notifier,
  target: ModerationTarget,
  dedupeKey: string,
) {
  await notifier.raise({
    dedupeKey,
    userId: target.authorId,
    type: 'ContentRestored',
    title: `A moderator restored your ${NOUN[target.type]}`,
    message: excerpt(target.title ?? target.text),
    sourceIntentionId: target.type === 'testimony' ? null : target.intentionId,
    sourceTestimonyId: target.type === 'testimony' ? target.id : null,
    data: { targetType: target.type, targetId: target.id },
  })
}

export const CRISIS_ALERT_TITLE = 'A member may be in crisis'
export const CRISIS_ALERT_MESSAGE =
  'A new post speaks of suicide or self-harm. It is at the top of the moderation queue.'

/** Every moderator and admin hears at once, live through the hub, of a crisis-signalling post. */
export async function alertModerators(
  notifier: Notifier,
  target: { type: ModerationTargetType; id: string; authorId: string; flagId: string },
) {
  for (const moderator of await staffIds(notifier.db)) {
    if (moderator === target.authorId) continue
    await notifier.raise({
      userId: moderator,
      type: 'ModerationAlert',
      title: CRISIS_ALERT_TITLE,
      message: CRISIS_ALERT_MESSAGE,
      data: { targetType: target.type, targetId: target.id, urgent: true },
      // Once per flag: a replayed write alerts no one twice, a new crisis after review does.
      dedupeKey: `crisis:${target.flagId}`,
    })
  }
}
