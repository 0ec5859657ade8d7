import { ProfileSchema } from '@contract/users'
import { useMutation } from '@tanstack/react-query'
import { apiFetch } from '@/lib/api-client'
import type { toProfileBody } from '../profile-form'

export type SaveProfileBody = ReturnType<typeof toProfileBody>

// Spec 000 §7: POST /api/v1/users/profile returns the saved profile.
export function saveProfile(body: SaveProfileBody) {
  return apiFetch('/api/v1/users/profile', { method: 'POST', body, schema: ProfileSchema })
}

export function useSaveProfile() {
  return useMutation({ mutationFn: saveProfile })
}
