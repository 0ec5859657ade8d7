import { describe, expect, it } from 'vitest'
import { SEALED_PREFIX, secretSeal, TotpKeyMissingError } from './secret-seal'

// ADR 0040: how a TOTP secret is kept in the database.
const KEY = 'k'.repeat(32)
const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP'

describe('a TOTP secret sealed with TOTP_SECRET_KEY', () => {
  const seal = secretSeal(KEY)

  it('is stored without the secret in it, and opens for its member', () => {
    const stored = seal.seal('member-a', SECRET)
    expect(stored.startsWith(SEALED_PREFIX)).toBe(true)
    expect(stored).not.toContain(SECRET)
    expect(seal.open('member-a', stored)).toBe(SECRET)
  })

  it('is sealed anew each time (no two rows alike for one secret)', () => {
    expect(seal.seal('member-a', SECRET)).not.toBe(seal.seal('member-a', SECRET))
  })

  it('does not open on another member’s row, under another key, or altered', () => {
    const stored = seal.seal('member-a', SECRET)
    expect(() => seal.open('member-b', stored)).toThrow()
    expect(() => secretSeal('x'.repeat(32)).open('member-a', stored)).toThrow()
    const body = Buffer.from(stored.slice(SEALED_PREFIX.length), 'base64url')
    body[15] = body[15]! ^ 1
    expect(() => seal.open('member-a', SEALED_PREFIX + body.toString('base64url'))).toThrow()
  })

  it('opens a secret stored before the key was set as it is', () => {
    expect(seal.open('member-a', SECRET)).toBe(SECRET)
  })
})

describe('with no TOTP_SECRET_KEY', () => {
  const seal = secretSeal(null)

  it('keeps the secret as it is', () => {
    expect(seal.sealing).toBe(false)
    expect(seal.seal('member-a', SECRET)).toBe(SECRET)
    expect(seal.open('member-a', SECRET)).toBe(SECRET)
  })

  it('refuses a sealed secret, naming the variable to set', () => {
    const stored = secretSeal(KEY).seal('member-a', SECRET)
    expect(() => seal.open('member-a', stored)).toThrow(TotpKeyMissingError)
    expect(() => seal.open('member-a', stored)).toThrow(/TOTP_SECRET_KEY/)
  })
})
