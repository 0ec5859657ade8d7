import type { LanguageSetting } from '@contract/language-setting'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiFetch } from '@/lib/api-client'
import { refreshProfiles } from './account-profile'

/** Issue 42: PATCH /api/v1/users/me { language }; null follows the browser. */
export function useChangeLanguage() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (language: LanguageSetting) =>
      apiFetch('/api/v1/users/me', { method: 'PATCH', body: { language } }),
    onSuccess: () => refreshProfiles(queryClient),
  })
}
