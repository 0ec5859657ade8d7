import {
  type NotificationSettings,
  NotificationSettingsSchema,
} from '@contract/notification-settings'
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { apiFetch } from '@/lib/api-client'

// Issue 13: GET/PUT /api/v1/users/me/notification-settings. Kept on the server, so a change on
// one device applies on all of them; the page's system notifications read it too.

export function notificationSettingsQueryOptions() {
  return queryOptions({
    queryKey: ['notification-settings'],
    queryFn: ({ signal }) =>
      apiFetch('/api/v1/users/me/notification-settings', {
        schema: NotificationSettingsSchema,
        signal,
      }),
    // Another device may change them: read again after a minute when next needed.
    staleTime: 60_000,
  })
}

export function useSaveNotificationSettings() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (settings: NotificationSettings) =>
      apiFetch('/api/v1/users/me/notification-settings', {
        method: 'PUT',
        body: settings,
        schema: NotificationSettingsSchema,
      }),
    onSuccess: (saved) =>
      queryClient.setQueryData(notificationSettingsQueryOptions().queryKey, saved),
  })
}
