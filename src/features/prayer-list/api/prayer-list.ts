import { type Intention, plusOnePrayer } from '@contract/intentions'
import { PrayerListSchema, type PrayerList } from '@contract/prayer-list'
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { apiFetch } from '@/lib/api-client'
import { sendOrQueue } from '@/lib/outbox/send-or-queue'
import { useOutboxUser } from '@/lib/outbox/use-outbox'
import { rollsBackSilently } from '@/lib/silent-rollback'
import { prayerListQueryKey } from './prayer-list-key'

// Issue 20, My Prayer List: GET /api/v1/prayer-list, PUT/DELETE /api/v1/prayer-list/{id}. The
// list is persisted on the device (features/offline), so it opens and is prayed through offline.

export function prayerListQueryOptions() {
  return queryOptions({
    queryKey: prayerListQueryKey,
    queryFn: ({ signal }) => apiFetch('/api/v1/prayer-list', { schema: PrayerListSchema, signal }),
    staleTime: 30_000,
  })
}

export function usePrayerList() {
  return useQuery(prayerListQueryOptions())
}

const entryPath = (intentionId: string) => `/api/v1/prayer-list/${encodeURIComponent(intentionId)}`

/** Adds or removes (dismisses) at once in the cache; the server's list is read again after. */
export function useSetOnPrayerList() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ intention, listed }: { intention: Intention; listed: boolean }) =>
      apiFetch(entryPath(intention.intention_id), { method: listed ? 'PUT' : 'DELETE' }),
    onMutate: async ({ intention, listed }) => {
      await queryClient.cancelQueries({ queryKey: prayerListQueryKey })
      const before = queryClient.getQueryData<PrayerList>(prayerListQueryKey)
      queryClient.setQueryData<PrayerList>(prayerListQueryKey, (list = { items: [] }) => {
        const others = list.items.filter(
          (entry) => entry.intention.intention_id !== intention.intention_id,
        )
        const added = { intention, added_at: new Date().toISOString(), last_prayed_at: null }
        return { items: listed ? [...others, added] : others }
      })
      return before
    },
    onError: (_error, _input, before) => queryClient.setQueryData(prayerListQueryKey, before),
    onSettled: () => queryClient.invalidateQueries({ queryKey: prayerListQueryKey }),
  })
}

/**
 * "I prayed" from the list: the wall's pray call (the same notification to the requester),
 * through the outbox when offline; the entry moves down at once and keeps that offline.
 */
export function usePrayFromList() {
  const queryClient = useQueryClient()
  const userId = useOutboxUser()
  return useMutation({
    meta: rollsBackSilently,
    networkMode: 'always',
    mutationFn: (intentionId: string) => sendOrQueue(userId, { kind: 'pray', intentionId }),
    onMutate: (intentionId) => {
      const before = queryClient.getQueryData<PrayerList>(prayerListQueryKey)
      queryClient.setQueryData<PrayerList>(
        prayerListQueryKey,
        (list) =>
          list && {
            items: list.items.map((entry) =>
              entry.intention.intention_id === intentionId
                ? {
                    ...entry,
                    last_prayed_at: new Date().toISOString(),
                    intention: {
                      ...entry.intention,
                      has_prayed: true,
                      prayed_count: entry.intention.has_prayed
                        ? entry.intention.prayed_count
                        : plusOnePrayer(entry.intention.prayed_count),
                    },
                  }
                : entry,
            ),
          },
      )
      return before
    },
    onError: (_error, _id, before) => queryClient.setQueryData(prayerListQueryKey, before),
  })
}

export { prayerListQueryKey }
