import { HubEvent } from '@contract/hub'
import type { Subscriber } from '../events/subscriber'
import type { HubSender } from '../realtime/hub-sender'
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

/**
 * Issue 40: a request gone for good leaves the walls showing it at once: IntentionRemoved to its
 * watchers, on every process. A deleted account's requests, and a moderator's removal (whose
 * author is also told, by a notification).
 */
export function wallRemovalsSubscriber(sender: HubSender): Subscriber {
  const drop = (intentionId: string) =>
    sender.sendToGroup(`intention:${intentionId}`, HubEvent.IntentionRemoved, [{ intentionId }])
  return {
    name: 'wall-removals',
    on: {
      AccountClosed: async ({ payload }) => {
        for (const intentionId of payload.intentionIds) await drop(intentionId)
      },
      ContentRemoved: async ({ payload: { target } }) => {
        if (target.type === 'intention') await drop(target.id)
      },
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
