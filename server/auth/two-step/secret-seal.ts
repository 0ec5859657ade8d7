import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto'

// ADR 0040: a member's TOTP secret is sealed with AES-256-GCM under a key from the environment
// (TOTP_SECRET_KEY), so a copy of the database alone (a leaked backup) cannot make codes. The
// member's id is the additional data: a sealed secret copied onto another account does not open.
// Without the key, secrets are kept as they are, as before; a stored value says which it is.

/** How a sealed value starts (its version: a later scheme gets its own). */
export const SEALED_PREFIX = 'sealed:v1:'
const IV_BYTES = 12
const TAG_BYTES = 16

export class TotpKeyMissingError extends Error {
  constructor() {
    super(
      'TOTP_SECRET_KEY is not set, but two-step secrets in the database were sealed with it: ' +
        'set it to the key they were sealed with',
    )
  }
}

export interface SecretSeal {
  /** Whether secrets are sealed (a key is configured). */
  readonly sealing: boolean
  /** What to store for `userId`'s secret. */
  seal(userId: string, secret: string): string
  /** The secret behind a stored value, sealed or not; throws on a sealed value it cannot open. */
  open(userId: string, stored: string): string
}

/** `keyMaterial`: TOTP_SECRET_KEY (at least 32 characters), or null for no sealing. */
export function secretSeal(keyMaterial: string | null): SecretSeal {
  // The operator's string is stretched into an AES key of its own purpose, so the same variable
  // could never be misused as another key.
  const key = keyMaterial
    ? Buffer.from(hkdfSync('sha256', keyMaterial, '', 'prayer-community totp secret seal v1', 32))
    : null

  return {
    sealing: key !== null,
    seal(userId, secret) {
      if (!key) return secret
      const iv = randomBytes(IV_BYTES)
      const cipher = createCipheriv('aes-256-gcm', key, iv).setAAD(Buffer.from(userId))
      const sealed = Buffer.concat([
        iv,
        cipher.update(secret, 'utf8'),
        cipher.final(),
        cipher.getAuthTag(),
      ])
      return SEALED_PREFIX + sealed.toString('base64url')
    },
    open(userId, stored) {
      if (!stored.startsWith(SEALED_PREFIX)) return stored
      if (!key) throw new TotpKeyMissingError()
      const sealed = Buffer.from(stored.slice(SEALED_PREFIX.length), 'base64url')
      const decipher = createDecipheriv('aes-256-gcm', key, sealed.subarray(0, IV_BYTES))
        .setAAD(Buffer.from(userId))
        .setAuthTag(sealed.subarray(sealed.length - TAG_BYTES))
      const body = sealed.subarray(IV_BYTES, sealed.length - TAG_BYTES)
      return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8')
    },
  }
}
