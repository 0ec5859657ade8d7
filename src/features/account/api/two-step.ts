import { RecoveryCodesSchema, TotpSetupSchema, TwoStepStatusSchema } from '@contract/two-step'
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { apiFetch } from '@/lib/api-client'
import { handlesAuthErrors } from '@/lib/session-guard'

/** Issue 39: GET /api/v1/users/me/totp */
export function twoStepQueryOptions() {
  return queryOptions({
    queryKey: ['account', 'two-step'],
    queryFn: ({ signal }) =>
      apiFetch('/api/v1/users/me/totp', { schema: TwoStepStatusSchema, signal }),
  })
}

/** POST /api/v1/users/me/totp: a new secret to scan or type. */
export function useStartTwoStep() {
  return useMutation({
    mutationFn: () =>
      apiFetch('/api/v1/users/me/totp', { method: 'POST', schema: TotpSetupSchema }),
    meta: handlesAuthErrors,
  })
}

/** POST /api/v1/users/me/totp/confirm: on, with the recovery codes shown once. */
export function useConfirmTwoStep() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (code: string) =>
      apiFetch('/api/v1/users/me/totp/confirm', {
        method: 'POST',
        body: { code },
        schema: RecoveryCodesSchema,
      }),
    // This session now counts as two factors: a moderator's screens open.
    onSuccess: () => queryClient.invalidateQueries(),
    meta: handlesAuthErrors,
  })
}

/** DELETE /api/v1/users/me/totp with the password (none for an account without one). */
export function useTurnOffTwoStep() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (password: string | undefined) =>
      apiFetch('/api/v1/users/me/totp', {
        method: 'DELETE',
        body: password === undefined ? {} : { password },
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: twoStepQueryOptions().queryKey }),
    meta: handlesAuthErrors,
  })
}
