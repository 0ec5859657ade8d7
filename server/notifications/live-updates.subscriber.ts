import type { Subscriber } from '../events/subscriber'
import type { Notifier } from './notifier'

/**
 * CounterUpdate to everyone watching a prayer whose counts a write moved (DESIGN §7). It sends
 * the counts as they are when delivered, so a repeat sends the same numbers again. A comment
 * the publish rule held moved no count: its approval does (issue 38).
 */
export function countersSubscriber(notifier: Notifier): Subscriber {
  const publish = async ({ payload }: { payload: { intentionId: string | null } }) => {
    if (payload.intentionId) await notifier.publishCounters(payload.intentionId)
  }
  return {
    name: 'live-counters',
    on: {
      PrayerRecorded: publish,
      ReactionChanged: publish,
      CommentPosted: async (event) => {
        if (!event.payload.held) await publish(event)
      },
      PostPublished: async (event) => {
        if (event.payload.target.type === 'comment') await publish(event)
      },
      CommentDeleted: publish,
      ContentRemoved: publish,
      ContentRestored: publish,
    },
  }
}

/** An ended session leaves the hub: every process re-checks its connections' sessions. */
export function hubSessionsSubscriber(notifier: Notifier): Subscriber {
  return {
    name: 'hub-sessions',
    on: { SessionEnded: () => notifier.revalidateConnections() },
  }
}
