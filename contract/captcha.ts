import * as z from 'zod/mini'

// DESIGN §5: after FAILED_ATTEMPTS_BEFORE_CAPTCHA failed passwords the "not a robot" check is a
// self-hosted proof of work, never a third-party captcha. The server hands out a challenge; the
// browser searches for a nonce whose SHA-256 over `id:salt:nonce` starts with `difficulty` zero
// bits; the server checks it with one hash. Web Crypto only, so it runs in Node 20, browsers and
// the service worker alike.

// About 2^14 hashes on average: measured ~1 s in Node 20 (Web Crypto digests ~17k/s), about as
// long as ticking a checkbox takes, yet a real cost per guess for a password sprayer.
export const CAPTCHA_DIFFICULTY_BITS = 14
export const CAPTCHA_MAX_DIFFICULTY_BITS = 32

export const CaptchaChallengeSchema = z.object({
  id: z.string().check(z.minLength(1), z.maxLength(128)),
  salt: z.string().check(z.minLength(8), z.maxLength(128)),
  difficulty: z.number().check(z.int(), z.gte(0), z.lte(CAPTCHA_MAX_DIFFICULTY_BITS)),
  expiresAt: z.iso.datetime(),
})
export type CaptchaChallenge = z.infer<typeof CaptchaChallengeSchema>

export const CaptchaSolutionSchema = z.object({
  id: z.string().check(z.minLength(1), z.maxLength(128)),
  nonce: z.number().check(z.int(), z.gte(0), z.lte(Number.MAX_SAFE_INTEGER)),
})
export type CaptchaSolution = z.infer<typeof CaptchaSolutionSchema>

type Puzzle = Pick<CaptchaChallenge, 'id' | 'salt' | 'difficulty'>

const encoder = new TextEncoder()

async function digest(challenge: Puzzle, nonce: number): Promise<Uint8Array> {
  const input = encoder.encode(`${challenge.id}:${challenge.salt}:${nonce}`)
  return new Uint8Array(await globalThis.crypto.subtle.digest('SHA-256', input))
}

export function leadingZeroBits(bytes: Uint8Array): number {
  let bits = 0
  for (const byte of bytes) {
    if (byte === 0) {
      bits += 8
      continue
    }
    return bits + Math.clz32(byte) - 24
  }
  return bits
}

export async function verifyProofOfWork(challenge: Puzzle, nonce: number): Promise<boolean> {
  if (!Number.isSafeInteger(nonce) || nonce < 0) return false
  return leadingZeroBits(await digest(challenge, nonce)) >= challenge.difficulty
}

// Hashes run in batches: each digest is a promise, and awaiting them one by one spends more
// time in the event loop than in SHA-256.
const BATCH = 256

export async function solveProofOfWork(
  challenge: Puzzle,
  options: { signal?: AbortSignal } = {},
): Promise<number> {
  for (let start = 0; start <= Number.MAX_SAFE_INTEGER - BATCH; start += BATCH) {
    options.signal?.throwIfAborted()
    const nonces = Array.from({ length: BATCH }, (_, offset) => start + offset)
    const hashes = await Promise.all(nonces.map((nonce) => digest(challenge, nonce)))
    const found = hashes.findIndex((hash) => leadingZeroBits(hash) >= challenge.difficulty)
    if (found !== -1) return start + found
  }
  throw new Error('No proof-of-work solution exists for this challenge')
}
