import { plusOnePrayer } from '@contract/intentions'
import type { QueryClient } from '@tanstack/react-query'
import { findCachedComment, patchCachedComment } from '@/features/comments/api/comments-cache'
import { findIntention, patchIntention } from '@/features/prayer-wall/api/intention-cache'
import { findTestimony, patchTestimony } from '@/features/testimonies/api/testimony-cache'
import type { OutboxEntry } from '@contract/outbox-entry'

const INTENTION_FIELDS = {
  amen: { flag: 'said_amen', count: 'amen_count' },
  candle: { flag: 'lighted_candle', count: 'candle_count' },
} as const
const COMMENT_FIELDS = {
  like: { flag: 'liked', count: 'likes' },
  amen: { flag: 'amened', count: 'amens' },
} as const

const moved = (count: number, active: boolean) => Math.max(0, count + (active ? 1 : -1))

/**
 * Re-applies the end state of writes still waiting in the outbox to data that just loaded: a
 * feed read offline (from the worker's cache) or after a reload is the server's older state,
 * and the member must keep seeing what they did (DESIGN §6). Only what differs is patched, so
 * a patch never triggers another.
 */
export function applyPendingWrites(queryClient: QueryClient, queue: OutboxEntry[]): void {
  for (const { write } of queue) {
    if (write.kind === 'pray') {
      const item = findIntention(queryClient, write.intentionId)
      if (item && !item.has_prayed)
        patchIntention(queryClient, write.intentionId, (current) => ({
          has_prayed: true,
          prayed_count: plusOnePrayer(current.prayed_count),
        }))
    } else if (write.kind === 'intention-reaction') {
      const { flag, count } = INTENTION_FIELDS[write.reaction]
      const item = findIntention(queryClient, write.intentionId)
      if (item && item[flag] !== write.active)
        patchIntention(queryClient, write.intentionId, (current) => ({
          [flag]: write.active,
          [count]: moved(current[count], write.active),
        }))
    } else if (write.kind === 'testimony-amen') {
      const item = findTestimony(queryClient, write.testimonyId)
      if (item && item.said_amen !== write.active)
        patchTestimony(queryClient, write.testimonyId, (current) => ({
          said_amen: write.active,
          amen_count: moved(current.amen_count, write.active),
        }))
    } else if (write.kind === 'comment-reaction') {
      const { flag, count } = COMMENT_FIELDS[write.reaction]
      const item = findCachedComment(queryClient, write.intentionId, write.commentId)
      if (item && item[flag] !== write.active)
        patchCachedComment(queryClient, write.intentionId, write.commentId, (current) => ({
          [flag]: write.active,
          [count]: moved(current[count], write.active),
        }))
    }
  }
}
