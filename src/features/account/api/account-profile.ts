import { queryOptions, type QueryClient } from '@tanstack/react-query'
import * as z from 'zod/mini'
import { apiFetch } from '@/lib/api-client'
import { profileQueryOptions } from '@/lib/session'

// What the account screen shows of GET /api/v1/users/me: the app-wide profile (lib/session)
// leaves out whether the account has a password, which the password form needs.
const AccountProfileSchema = z.looseObject({
  display_name: z.nullable(z.string()),
  email: z.string(),
  pending_email: z.optional(z.nullable(z.string())),
  has_password: z.optional(z.boolean()),
  language: z.optional(z.nullable(z.string())),
})
export type AccountProfile = z.infer<typeof AccountProfileSchema>

export function accountProfileQueryOptions() {
  return queryOptions({
    queryKey: ['account', 'profile'],
    queryFn: ({ signal }) => apiFetch('/api/v1/users/me', { schema: AccountProfileSchema, signal }),
  })
}

/** After a change: this screen's copy and the header's name are read again. */
export async function refreshProfiles(queryClient: QueryClient) {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: accountProfileQueryOptions().queryKey }),
    queryClient.invalidateQueries({ queryKey: profileQueryOptions().queryKey }),
  ])
}
