import type { ModerationTargetType } from '@contract/moderation'
import type { Config } from '../config'
import type { Database } from '../db/client'
import type { DomainEvent } from '../events/domain-events'
import type { Subscriber } from '../events/subscriber'
import type { Notifier } from '../notifications/notifier'
import { recordWallRemoval } from './moderation-actions.service'
import { alertModerators, noticeRemoval, noticeRestore } from './moderation-notices'
import { flagCrisis, holdIfReportedEnough } from './moderation-signals'
import { loadTargets } from './moderation-targets'

interface Deps {
  db: Database
  config: Pick<Config, 'reportHoldThreshold'>
  now: () => Date
  notifier: Notifier
}

/**
 * What moderation does after the wall's writes (issue 8): auto-hold at the report threshold;
 * a crisis-signalling post enters the queue as urgent and every moderator hears of it; a
 * moderator's Delete on the wall closes the item's reports in the audit log; an author hears
 * of a removal from the queue, and of its undoing. Every step is safe to repeat: the flag, the
 * hold and the audit entry are each recorded once, the notices carry their event's id.
 */
export function moderationSubscriber({ db, config, now, notifier }: Deps): Subscriber {
  const crisis = async (
    event: DomainEvent & { payload: { crisis: boolean } },
    target: { type: ModerationTargetType; id: string },
  ) => {
    if (!event.payload.crisis) return
    const flagged = await flagCrisis(db, target, now())
    if (flagged) await alertModerators(notifier, { ...target, ...flagged })
  }
  return {
    name: 'moderation',
    on: {
      ContentReported: async ({ payload }) => {
        await holdIfReportedEnough(db, payload.target, {
          threshold: config.reportHoldThreshold,
          now: now(),
        })
      },
      IntentionCreated: (event) =>
        crisis(event, { type: 'intention', id: event.payload.intentionId }),
      IntentionEdited: (event) =>
        crisis(event, { type: 'intention', id: event.payload.intentionId }),
      CommentPosted: (event) => crisis(event, { type: 'comment', id: event.payload.commentId }),
      CommentEdited: (event) => crisis(event, { type: 'comment', id: event.payload.commentId }),
      TestimonyShared: (event) =>
        crisis(event, { type: 'testimony', id: event.payload.testimonyId }),
      ContentRemoved: async ({ id, payload }) => {
        if (payload.via === 'wall') {
          await recordWallRemoval({ db, actor: payload.actor }, payload.target.type, payload.target.id)
          return
        }
        if (payload.authorId === payload.actor.userId || payload.reason === null) return
        const [target] = await loadTargets(db, payload.target.type, [payload.target.id])
        if (target) await noticeRemoval(notifier, target, payload.reason, `removed:${id}`)
      },
      ContentRestored: async ({ id, payload }) => {
        // Only a removal was told to the author; a lifted hold was never announced.
        if (!payload.wasRemoved || payload.authorId === payload.actor.userId) return
        const [target] = await loadTargets(db, payload.target.type, [payload.target.id])
        if (target) await noticeRestore(notifier, target, `restored:${id}`)
      },
    },
  }
}
