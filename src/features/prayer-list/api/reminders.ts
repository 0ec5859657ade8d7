import { ReminderSettingsSchema, type ReminderSettings } from '@contract/reminders'
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { apiFetch } from '@/lib/api-client'

// Issue 20: GET/PUT /api/v1/users/me/reminders.

export function reminderSettingsQueryOptions() {
  return queryOptions({
    queryKey: ['reminders', 'settings'],
    queryFn: ({ signal }) =>
      apiFetch('/api/v1/users/me/reminders', { schema: ReminderSettingsSchema, signal }),
  })
}

export function useSaveReminderSettings() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (settings: ReminderSettings) =>
      apiFetch('/api/v1/users/me/reminders', {
        method: 'PUT',
        body: settings,
        schema: ReminderSettingsSchema,
      }),
    onSuccess: (saved) => queryClient.setQueryData(reminderSettingsQueryOptions().queryKey, saved),
  })
}
