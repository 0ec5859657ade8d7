import type { PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser'
import * as z from 'zod/mini'
import { apiFetch } from '@/lib/api-client'

const OptionsSchema = z.custom<PublicKeyCredentialRequestOptionsJSON>(
  (value) => typeof value === 'object' && value !== null,
)

/**
 * Issue 39: POST /auth/passkey/options, the browser's passkey sheet (or, with `autofill`, the
 * email field's suggestions), then POST /auth/passkey, which sets the session cookie. A passkey
 * lives on the member's own device, so the session is remembered.
 */
export async function signInWithPasskey({ autofill }: { autofill: boolean }): Promise<void> {
  const optionsJSON = await apiFetch('/auth/passkey/options', {
    method: 'POST',
    body: {},
    schema: OptionsSchema,
  })
  const { startAuthentication } = await import('@simplewebauthn/browser')
  const credential = await startAuthentication({ optionsJSON, useBrowserAutofill: autofill })
  await apiFetch('/auth/passkey', { method: 'POST', body: { credential, rememberMe: true } })
}

/** Whether the browser offers passkeys among an input's autofill suggestions. */
export async function passkeyAutofillAvailable(): Promise<boolean> {
  const { browserSupportsWebAuthnAutofill } = await import('@simplewebauthn/browser')
  return browserSupportsWebAuthnAutofill()
}

/** Ends a waiting passkey request (the autofill one when the button starts its own, or on leaving). */
export async function cancelPasskeyRequest() {
  const { WebAuthnAbortService } = await import('@simplewebauthn/browser')
  WebAuthnAbortService.cancelCeremony()
}
