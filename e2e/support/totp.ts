import { Secret, TOTP } from 'otpauth'

/**
 * The code an authenticator app shows for `secret` now, or `aheadMs` later (the e2e server runs
 * on this clock and takes a code from the next 30-second step too).
 */
export function totpCodeNow(secret: string, aheadMs = 0): string {
  return new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({
    timestamp: Date.now() + aheadMs,
  })
}
