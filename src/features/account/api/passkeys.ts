import { PasskeysSchema, type Passkey, type PasskeyRenameBody } from '@contract/passkeys'
import type { PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/browser'
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import * as z from 'zod/mini'
import { apiFetch } from '@/lib/api-client'
import { handlesAuthErrors } from '@/lib/session-guard'

// The options go to the browser as they came; the WebAuthn library reads them.
const OptionsSchema = z.custom<PublicKeyCredentialCreationOptionsJSON>(
  (value) => typeof value === 'object' && value !== null,
)

/** Issue 39: GET /api/v1/users/me/passkeys */
export function passkeysQueryOptions() {
  return queryOptions({
    queryKey: ['account', 'passkeys'],
    queryFn: ({ signal }) =>
      apiFetch('/api/v1/users/me/passkeys', { schema: PasskeysSchema, signal }),
  })
}

/**
 * Adds a passkey: the options after the password (none for an account without one), the
 * browser's sheet, then the answer; named after the device by the server.
 */
export function useAddPasskey() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (password: string | undefined) => {
      const optionsJSON = await apiFetch('/api/v1/users/me/passkeys/options', {
        method: 'POST',
        body: password === undefined ? {} : { password },
        schema: OptionsSchema,
      })
      // Loaded on use: the account screen's first paint does not wait for it.
      const { startRegistration } = await import('@simplewebauthn/browser')
      const credential = await startRegistration({ optionsJSON })
      await apiFetch('/api/v1/users/me/passkeys', { method: 'POST', body: { credential } })
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: passkeysQueryOptions().queryKey }),
    meta: handlesAuthErrors,
  })
}

export function useRenamePasskey() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, ...body }: PasskeyRenameBody & Pick<Passkey, 'id'>) =>
      apiFetch(`/api/v1/users/me/passkeys/${encodeURIComponent(id)}`, { method: 'PATCH', body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: passkeysQueryOptions().queryKey }),
  })
}

export function useRemovePasskey() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) =>
      apiFetch(`/api/v1/users/me/passkeys/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: passkeysQueryOptions().queryKey }),
  })
}
