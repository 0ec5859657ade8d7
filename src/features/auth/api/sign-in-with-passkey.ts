import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser'
import * as z from 'zod/mini'
import { apiFetch } from '@/lib/api-client'

const OptionsSchema = z.custom<PublicKeyCredentialRequestOptionsJSON>(
  (value) => typeof value === 'object' && value !== null,
)

/**
 * Issue 39: POST /auth/passkey/options, then the browser's passkey sheet (or, with `autofill`,
 * the email field's suggestions): the passkey's answer, not yet sent.
 */
export async function passkeyAssertion({
  autofill,
}: {
  autofill: boolean
}): Promise<AuthenticationResponseJSON> {
  const optionsJSON = await apiFetch('/auth/passkey/options', {
    method: 'POST',
    body: {},
    schema: OptionsSchema,
  })
  const { startAuthentication } = await import('@simplewebauthn/browser')
  return startAuthentication({ optionsJSON, useBrowserAutofill: autofill })
}

/**
 * POST /auth/passkey, which sets the session cookie. A passkey lives on the member's own
 * device, so the session is remembered.
 */
export function sendPasskeyAssertion(credential: AuthenticationResponseJSON): Promise<void> {
  return apiFetch('/auth/passkey', { method: 'POST', body: { credential, rememberMe: true } })
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
