import type { Subscriber } from '../events/subscriber'
import { intentionTitle } from '../intentions/intention-reads'
import type { Notifier } from './notifier'
import { excerpt } from './wall-events'

/**
 * Issue 38: the author of a request the community closed after auto_close_days hears it, with
 * the way back (open it and reopen, as after a manual close). Nobody else is told: it was
 * nobody's choice. It goes to the author alone and names nobody, so an anonymous request stays
 * anonymous. Repeats of the event raise one notification (the key names the close).
 */
export function autoCloseSubscriber(notifier: Notifier): Subscriber {
  return {
    name: 'notifications:auto-close',
    on: {
      IntentionAutoClosed: async ({ payload }) => {
        const title = await intentionTitle(notifier.db, payload.intentionId)
        if (title === undefined) return
        await notifier.raise({
          userId: payload.authorId,
          type: 'IntentionAutoClosed',
          title: `Your request was closed after ${payload.days} days. You can reopen it.`,
          message: excerpt(title),
          sourceIntentionId: payload.intentionId,
          data: { days: payload.days },
          dedupeKey: `auto-closed:${payload.intentionId}:${payload.changedAt}`,
        })
      },
    },
  }
}
