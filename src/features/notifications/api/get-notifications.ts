import { NOTIFICATION_PAGE_SIZE, NotificationSchema } from '@contract/notifications'
import { type InfiniteData, infiniteQueryOptions, type QueryClient } from '@tanstack/react-query'
import * as z from 'zod/mini'
import { apiFetch } from '@/lib/api-client'
import { unreadCountQueryOptions } from './get-unread-count'

// The panel reads every type the server sends: a type this client does not know yet (another
// capability's, e.g. a moderation notice) still shows its title and message (spec 000 §9 "Any
// other type").
export const ClientNotificationSchema = z.extend(NotificationSchema, { type: z.string() })
export type ClientNotification = z.infer<typeof ClientNotificationSchema>

const NotificationPageSchema = z.object({
  items: z.array(ClientNotificationSchema),
  nextCursor: z.nullable(z.string()),
  unreadCount: z.number().check(z.int(), z.nonnegative()),
})
export type NotificationPage = z.infer<typeof NotificationPageSchema>
export type NotificationListData = InfiniteData<NotificationPage>

export const notificationListKey = ['notifications', 'list'] as const

export function notificationListQueryOptions(queryClient: QueryClient) {
  return infiniteQueryOptions({
    queryKey: notificationListKey,
    queryFn: async ({ pageParam, signal }) => {
      const params = new URLSearchParams({ limit: String(NOTIFICATION_PAGE_SIZE) })
      if (pageParam) params.set('cursor', pageParam)
      const page = await apiFetch(`/api/notifications?${params}`, {
        host: 'notifications',
        schema: NotificationPageSchema,
        signal,
      })
      // Every page carries the current count: the bell follows the freshest answer.
      queryClient.setQueryData(unreadCountQueryOptions().queryKey, page.unreadCount)
      return page
    },
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  })
}
