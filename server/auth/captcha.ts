import { randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import {
  CAPTCHA_DIFFICULTY_BITS,
  verifyProofOfWork,
  type CaptchaChallenge,
  type CaptchaSolution,
} from '@contract/captcha'
import type { Database } from '../db/client'
import { captchaChallengesTable } from './captcha.table'

// Long enough to solve on a slow phone, short enough that hoarded challenges go stale.
export const CAPTCHA_TTL_MS = 5 * 60 * 1000
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export async function issueChallenge(db: Database, now: Date): Promise<CaptchaChallenge> {
  const expiresAt = new Date(now.getTime() + CAPTCHA_TTL_MS)
  const salt = randomBytes(16).toString('base64url')
  const [row] = await db
    .insert(captchaChallengesTable)
    .values({ salt, difficulty: CAPTCHA_DIFFICULTY_BITS, expiresAt })
    .returning({ id: captchaChallengesTable.id })
  return {
    id: row!.id,
    salt,
    difficulty: CAPTCHA_DIFFICULTY_BITS,
    expiresAt: expiresAt.toISOString(),
  }
}

/** Spends the challenge whatever the outcome, so a solution (or a guess) is accepted once. */
export async function spendChallenge(
  db: Database,
  solution: CaptchaSolution,
  now: Date,
): Promise<boolean> {
  if (!UUID.test(solution.id)) return false
  const [challenge] = await db
    .delete(captchaChallengesTable)
    .where(eq(captchaChallengesTable.id, solution.id))
    .returning()
  if (!challenge || challenge.expiresAt <= now) return false
  return verifyProofOfWork(
    { id: challenge.id, salt: challenge.salt, difficulty: challenge.difficulty },
    solution.nonce,
  )
}
