import { queryOptions } from '@tanstack/react-query'
import * as z from 'zod/mini'
import { apiFetch } from '@/lib/api-client'

// The bell's number (spec 000 §2). The server has no count-only call: the unread filter with
// one item answers it cheaply (spec 000 §7 GET /api/notifications … unreadOnly=true). This file
// is in the bell's chunk, so it validates with zod/mini, not the contract's full zod.
const UnreadAnswerSchema = z.object({ unreadCount: z.number().check(z.int(), z.nonnegative()) })

export function unreadCountQueryOptions() {
  return queryOptions({
    queryKey: ['notifications', 'unread-count'],
    queryFn: async ({ signal }) => {
      const answer = await apiFetch('/api/notifications?limit=1&unreadOnly=true', {
        host: 'notifications',
        schema: UnreadAnswerSchema,
        signal,
      })
      return answer.unreadCount
    },
    // The hub keeps it current (UnreadCountUpdate) and a reconnect refetches it.
    staleTime: 5 * 60_000,
  })
}
