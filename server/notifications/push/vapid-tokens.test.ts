import webpush from 'web-push'
import { describe, expect, it } from 'vitest'
import { VAPID_RENEW_EARLY_SECONDS, VAPID_TOKEN_SECONDS, vapidAuthorizations } from './vapid-tokens'

const keys = { ...webpush.generateVAPIDKeys(), subject: 'mailto:admin@example.org' }

const claimsOf = (authorization: string) => {
  const token = /^vapid t=([^,]+), k=/.exec(authorization)?.[1] ?? ''
  return JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as {
    aud: string
    exp: number
  }
}

describe('VAPID tokens', () => {
  it('reuses one token per push service within its validity and signs a new one an hour before it ends', () => {
    let now = Date.parse('2026-11-25T06:00:00Z')
    const authorization = vapidAuthorizations(keys, () => now)
    const first = authorization('https://fcm.googleapis.com/fcm/send/device-1')
    expect(claimsOf(first)).toEqual({
      aud: 'https://fcm.googleapis.com',
      exp: now / 1000 + VAPID_TOKEN_SECONDS,
      sub: keys.subject,
    })
    expect(first).toContain(`k=${keys.publicKey}`)

    // Another device of the same service, until the renewal hour: the same header.
    now += (VAPID_TOKEN_SECONDS - VAPID_RENEW_EARLY_SECONDS) * 1000 - 1
    expect(authorization('https://fcm.googleapis.com/fcm/send/device-2')).toBe(first)

    // From the renewal hour on, a new token, valid its full time from now.
    now += 1
    const renewed = authorization('https://fcm.googleapis.com/fcm/send/device-1')
    expect(renewed).not.toBe(first)
    expect(claimsOf(renewed).exp).toBe(Math.floor(now / 1000) + VAPID_TOKEN_SECONDS)
    expect(authorization('https://fcm.googleapis.com/fcm/send/device-3')).toBe(renewed)
  })

  it('signs each push service its own token, for its own origin', () => {
    const authorization = vapidAuthorizations(keys, () => Date.parse('2026-11-25T06:00:00Z'))
    const google = authorization('https://fcm.googleapis.com/fcm/send/device-1')
    const mozilla = authorization('https://updates.push.services.mozilla.com/wpush/v2/device-2')
    expect(mozilla).not.toBe(google)
    expect(claimsOf(mozilla).aud).toBe('https://updates.push.services.mozilla.com')
    expect(authorization('https://updates.push.services.mozilla.com/wpush/v2/device-9')).toBe(
      mozilla,
    )
  })
})
