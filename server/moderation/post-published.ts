import { actorOf, type Viewer } from '../auth/viewer'
import type { Database } from '../db/client'
import { recordEvent } from '../events/record-event'
import { displayNameOf } from '../users/users.repository'
import type { ModerationTarget } from './moderation-targets'

/**
 * PostPublished for a post the publish rule held, once a moderator let it out (issue 38): its
 * subscribers raise what its creation event held back, naming its author as that event did.
 */
export async function recordPublished(
  tx: Database,
  target: ModerationTarget,
  viewer: Pick<Viewer, 'userId' | 'displayName'>,
  now: Date,
) {
  if (target.type === 'room') return
  const authorName = await displayNameOf(tx, target.authorId)
  await recordEvent(
    tx,
    {
      type: 'PostPublished',
      payload: {
        target: { type: target.type, id: target.id },
        intentionId: target.intentionId,
        actor: { userId: target.authorId, displayName: authorName ?? '' },
        approvedBy: actorOf(viewer),
      },
    },
    { occurredAt: now },
  )
}
