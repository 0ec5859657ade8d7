import { UnreadCountSchema } from '@contract/notifications'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiFetch } from '@/lib/api-client'
import {
  markReadInCache,
  restoreNotifications,
  setUnreadCount,
  snapshotNotifications,
} from './notification-cache'

// Spec 000 §7 PUT /api/notifications/read {notificationIds} and PUT …/read-all: both answer the
// new unread count. The panel changes at once and takes the server's count; a failure puts the
// list back as it was and asks the server again (the panel says it failed).

export function markNotificationsRead(notificationIds: readonly string[]) {
  return apiFetch('/api/notifications/read', {
    method: 'PUT',
    host: 'notifications',
    body: { notificationIds },
    schema: UnreadCountSchema,
  })
}

export function markAllNotificationsRead() {
  return apiFetch('/api/notifications/read-all', {
    method: 'PUT',
    host: 'notifications',
    schema: UnreadCountSchema,
  })
}

function useReadMutation<T>(
  send: (input: T) => Promise<{ unreadCount: number }>,
  idsOf: (input: T) => readonly string[] | 'all',
) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: send,
    onMutate: (input) => {
      const snapshot = snapshotNotifications(queryClient)
      markReadInCache(queryClient, idsOf(input), new Date().toISOString())
      return snapshot
    },
    onError: (_error, _input, snapshot) => {
      if (snapshot) restoreNotifications(queryClient, snapshot)
      // The hub may have changed either meanwhile: the server has the truth.
      void queryClient.invalidateQueries({ queryKey: ['notifications'] })
    },
    onSuccess: ({ unreadCount }) => setUnreadCount(queryClient, unreadCount),
  })
}

export function useMarkNotificationsRead() {
  return useReadMutation(markNotificationsRead, (ids: readonly string[]) => ids)
}

export function useMarkAllNotificationsRead() {
  return useReadMutation(markAllNotificationsRead, () => 'all' as const)
}
