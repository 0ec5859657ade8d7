import type { CreateIntentionInput } from '@contract/intentions'
import { useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useCallback, useEffect } from 'react'
import { commentDraftQueryOptions } from '@/features/comments/api/comment-draft'
import { commentsQueryOptions } from '@/features/comments/api/get-comments'
import { OutboxReplay } from '@/features/outbox/components/outbox-replay'
import { RejectedReplays } from '@/features/outbox/components/rejected-replays'
import {
  type ComposerValues,
  ComposerValuesSchema,
  hasContent,
} from '@/features/prayer-requests/composer-form'
import { intentionFeedRootKey } from '@/features/prayer-wall/api/get-intention-feed'
import { testimonyFeedKey } from '@/features/testimonies/api/get-testimony-feed'
import { readDraft, writeDraft } from '@/lib/drafts'
import type { OutboxEntry, RejectedEntry } from '@contract/outbox-entry'
import { useOutbox } from '@/lib/outbox/use-outbox'
import { applyPendingWrites } from './pending-overlay'

function composerValuesOf(body: CreateIntentionInput): ComposerValues {
  return {
    title: body.title,
    details: body.details,
    scripture: body.scripture ?? '',
    destination: body.destination,
    groupId: body.group_id ?? null,
    identityMode: body.identity_mode ?? 'display_name',
    tags: (body.tags ?? []).map((tag) =>
      typeof tag === 'string' ? tag : 'name' in tag ? tag.name : tag.tag,
    ),
  }
}

/**
 * The outbox wired to the features it serves (DESIGN §6): a replayed write refreshes the
 * feeds and threads it changed, and a refused one reopens its text in the form it came from.
 */
export default function Outbox() {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const { userId, queue } = useOutbox()

  // Whatever loads while writes wait (a reload, a feed read from the worker's cache) shows them.
  useEffect(() => {
    applyPendingWrites(queryClient, queue)
    return queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'success')
        applyPendingWrites(queryClient, queue)
    })
  }, [queryClient, queue])

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
        const waiting = await readDraft('prayer-composer', userId, ComposerValuesSchema)
        const free = !waiting || !hasContent(waiting)
        if (free) await writeDraft('prayer-composer', userId, composerValuesOf(write.body))
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
      <RejectedReplays onEdit={onEdit} />
    </>
  )
}
