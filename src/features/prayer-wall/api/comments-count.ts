import { IntentionSchema } from '@contract/intentions'
import type { QueryClient } from '@tanstack/react-query'
import { apiFetch } from '@/lib/api-client'
import { patchIntention } from './intention-cache'

/**
 * After the member posts or deletes a comment, the card's count is read back from the server
 * instead of moved by ±1: the hub's CounterUpdate carries the same absolute count and often
 * lands before the write's own answer, so a delta applied on top counted the comment twice.
 * When the read fails (offline, a blip), the delta stands in: no live update arrives then either.
 */
export async function syncCommentsCount(
  queryClient: QueryClient,
  intentionId: string,
  delta: number,
): Promise<void> {
  try {
    const { comments_count } = await apiFetch(
      `/api/v1/intentions/${encodeURIComponent(intentionId)}`,
      { schema: IntentionSchema },
    )
    patchIntention(queryClient, intentionId, () => ({ comments_count }))
  } catch {
    patchIntention(queryClient, intentionId, (item) => ({
      comments_count: Math.max(0, item.comments_count + delta),
    }))
  }
}
