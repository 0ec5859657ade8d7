import type { Subscriber } from '../events/subscriber'
import type { Notifier } from './notifier'
import { onPrayerUpdate } from './prayer-update-events'
import { onTestimonyAmen, onTestimonyCreated } from './testimony-events'
import {
  onCommented,
  onCommentReaction,
  onIntentionReaction,
  onPrayed,
  onStatusChanged,
} from './wall-events'

/**
 * Which events raise which notifications (issue 6). Each handler re-reads what it shows, so a
 * post removed before delivery raises nothing, and each raise carries a dedupe key, so a
 * redelivered event notifies no one twice (prayers bundle by reading the prayers themselves).
 * A post the publish rule held raises nothing until a moderator approves it: PostPublished
 * then raises what its creation would have (issue 38).
 */
export function notificationsSubscriber(notifier: Notifier): Subscriber {
  return {
    name: 'notifications',
    on: {
      PrayerRecorded: ({ payload }) =>
        onPrayed(notifier, payload.actor, payload.intentionId, payload.day),
      ReactionChanged: async ({ payload }) => {
        if (payload.active)
          await onIntentionReaction(notifier, payload.actor, payload.intentionId, payload.kind)
      },
      CommentPosted: async ({ payload }) => {
        if (!payload.held) await onCommented(notifier, payload.actor, payload.commentId)
      },
      CommentReacted: ({ payload }) =>
        onCommentReaction(notifier, payload.actor, payload.commentId, payload.kind),
      IntentionStatusChanged: ({ payload }) =>
        onStatusChanged(notifier, payload.actor, payload.intentionId, payload.status),
      TestimonyShared: async ({ payload }) => {
        if (!payload.held) await onTestimonyCreated(notifier, payload.actor, payload.testimonyId)
      },
      PostPublished: async ({ payload: { target, actor } }) => {
        if (target.type === 'comment') await onCommented(notifier, actor, target.id)
        if (target.type === 'testimony') await onTestimonyCreated(notifier, actor, target.id)
      },
      PrayerUpdatePosted: ({ payload }) => onPrayerUpdate(notifier, payload.updateId),
      TestimonyReacted: ({ payload }) =>
        onTestimonyAmen(notifier, payload.actor, payload.testimonyId, payload.amenCount),
    },
  }
}
