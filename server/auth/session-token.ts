import { createHash, randomBytes } from 'node:crypto'

// DESIGN §5: 256 random bits, base64url in the cookie or mailed link; the database keeps only
// the SHA-256, so a copy of the database cannot be replayed as sessions or links.
export function newToken(): string {
  return randomBytes(32).toString('base64url')
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}
