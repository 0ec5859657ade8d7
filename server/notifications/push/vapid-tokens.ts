import webpush from 'web-push'
import type { VapidKeys } from './vapid-keys'

// A VAPID token (RFC 8292) is signed once per push service and reused: signing one per push was
// a third of a reminder minute's CPU (bench:reminders). Valid 12 h (the RFC allows 24), renewed
// an hour before it runs out; on the real clock, which the push service judges it by.
export const VAPID_TOKEN_SECONDS = 12 * 3600
export const VAPID_RENEW_EARLY_SECONDS = 3600

/**
 * The Authorization header for a push to `endpoint`: one token per audience (the push service's
 * origin), signed again once it is within an hour of its expiry. `clock`: ms, Date.now in the app.
 */
export function vapidAuthorizations(
  keys: VapidKeys,
  clock: () => number = Date.now,
): (endpoint: string) => string {
  const tokens = new Map<string, { authorization: string; renewAt: number }>()
  return (endpoint) => {
    const audience = new URL(endpoint).origin
    const cached = tokens.get(audience)
    const now = clock()
    if (cached && now < cached.renewAt) return cached.authorization
    const expiresAt = Math.floor(now / 1000) + VAPID_TOKEN_SECONDS
    const { Authorization: authorization } = webpush.getVapidHeaders(
      audience,
      keys.subject,
      keys.publicKey,
      keys.privateKey,
      'aes128gcm',
      expiresAt,
    )
    tokens.set(audience, {
      authorization,
      renewAt: (expiresAt - VAPID_RENEW_EARLY_SECONDS) * 1000,
    })
    return authorization
  }
}
