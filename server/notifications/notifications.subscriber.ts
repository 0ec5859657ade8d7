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
      CommentPosted: ({ payload }) => onCommented(notifier, payload.actor, payload.commentId),
      CommentReacted: ({ payload }) =>
        onCommentReaction(notifier, payload.actor, payload.commentId, payload.kind),
      IntentionStatusChanged: ({ payload }) =>
        onStatusChanged(notifier, payload.actor, payload.intentionId, payload.status),
      TestimonyShared: ({ payload }) =>
        onTestimonyCreated(notifier, payload.actor, payload.testimonyId),
      PrayerUpdatePosted: ({ payload }) => onPrayerUpdate(notifier, payload.updateId),
      TestimonyReacted: ({ payload }) =>
        onTestimonyAmen(notifier, payload.actor, payload.testimonyId, payload.amenCount),
    },
  }
}
