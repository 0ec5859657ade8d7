import { useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { lazy, Suspense, useCallback } from 'react'
import { commentDraftQueryOptions } from '@/features/comments/api/comment-draft'
import { commentsQueryOptions } from '@/features/comments/api/get-comments'
import { OutboxReplay } from '@/features/outbox/components/outbox-replay'
import { intentionFeedRootKey } from '@/features/prayer-wall/api/get-intention-feed'
import { testimonyFeedKey } from '@/features/testimonies/api/testimony-cache'
import type { OutboxEntry, RejectedEntry } from '@contract/outbox-entry'
import { useOutbox } from '@/lib/outbox/use-outbox'

// Refused replays are rare: their notice loads when there is one, not with every first screen.
const RejectedReplays = lazy(() =>
  import('@/features/outbox/components/rejected-replays').then((module) => ({
    default: module.RejectedReplays,
  })),
)

/**
 * The outbox's replay wired to the features it serves (DESIGN §6): a replayed write refreshes
 * the feeds and threads it changed, and a refused one reopens its text in the form it came from.
 */
export default function OutboxReplayWiring() {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const { userId, rejected } = useOutbox()

  const onReplayed = useCallback(
    (entries: OutboxEntry[]) => {
      const keys = new Map<string, readonly unknown[]>()
      for (const { write } of entries) {
        if (write.kind === 'testimony-amen') keys.set('testimonies', testimonyFeedKey)
        else keys.set('wall', intentionFeedRootKey)
        if (write.kind === 'comment' || write.kind === 'comment-reaction') {
          const { queryKey } = commentsQueryOptions(write.intentionId)
          keys.set(queryKey.join('/'), queryKey)
        }
      }
      for (const queryKey of keys.values()) void queryClient.invalidateQueries({ queryKey })
    },
    [queryClient],
  )

  // Text already waiting in the target form is never overwritten: the refused entry then stays
  // listed, so neither text is lost.
  const onEdit = useCallback(
    async ({ write }: RejectedEntry): Promise<boolean> => {
      if (write.kind === 'comment') {
        const kept = commentDraftQueryOptions(write.intentionId)
        const waiting = queryClient.getQueryData(kept.queryKey) ?? ''
        const free = waiting.trim() === ''
        if (free) queryClient.setQueryData(kept.queryKey, write.content)
        await navigate({ to: '/prayerwall', search: { highlight: write.intentionId } })
        return free
      }
      if (write.kind === 'intention' && userId) {
        const { keepRefusedIntention } = await import('./refused-intention-draft')
        const free = await keepRefusedIntention(userId, write.body)
        await navigate({ to: '/prayerwall/create' })
        return free
      }
      return false
    },
    [queryClient, navigate, userId],
  )

  return (
    <>
      <OutboxReplay onReplayed={onReplayed} />
      {rejected.length > 0 && (
        <Suspense fallback={null}>
          <RejectedReplays onEdit={onEdit} />
        </Suspense>
      )}
    </>
  )
}
