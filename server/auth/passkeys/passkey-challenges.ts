import { and, eq, lt } from 'drizzle-orm'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { PASSKEY_CHALLENGE_MINUTES, PasskeyErrorCode, PasskeyMessage } from '@contract/passkeys'
import type { Database } from '../../db/client'
import { httpError } from '../../errors/problem-error'
import { secureCookies } from '../session-cookie'
import { hashToken, newToken } from '../session-token'
import { passkeyChallengesTable } from './passkey-challenges.table'

const COOKIE = 'passkey_challenge'
const LIFETIME_MS = PASSKEY_CHALLENGE_MINUTES * 60 * 1000

type Purpose = 'register' | 'sign_in'

/**
 * Keeps a challenge for this browser: a row keyed by the hash of a random id that only a
 * short-lived cookie carries, so the challenge is answered from the browser that asked for it.
 */
export async function keepChallenge(
  request: FastifyRequest,
  reply: FastifyReply,
  input: { purpose: Purpose; challenge: string; userId: string | null; now: Date },
) {
  const { db, config } = request.server.deps
  const id = newToken()
  // Old rows count for nothing; dropping them here keeps the table small without a job.
  await db.delete(passkeyChallengesTable).where(lt(passkeyChallengesTable.expiresAt, input.now))
  await db.insert(passkeyChallengesTable).values({
    idHash: hashToken(id),
    purpose: input.purpose,
    userId: input.userId,
    challenge: input.challenge,
    expiresAt: new Date(input.now.getTime() + LIFETIME_MS),
  })
  reply.setCookie(COOKIE, id, {
    path: '/',
    httpOnly: true,
    sameSite: 'strict',
    secure: secureCookies(config),
    maxAge: LIFETIME_MS / 1000,
  })
}

/**
 * Spends the browser's challenge: deleted as it is read, so an answer is checked once and a
 * replayed one finds nothing. Missing, expired, another purpose's or another member's: refused.
 */
export async function spendChallenge(
  db: Database,
  request: FastifyRequest,
  reply: FastifyReply,
  input: { purpose: Purpose; userId: string | null; now: Date },
): Promise<string> {
  const id = request.cookies[COOKIE]
  reply.clearCookie(COOKIE, { path: '/' })
  const [row] =
    id && id.length <= 128
      ? await db
          .delete(passkeyChallengesTable)
          .where(
            and(
              eq(passkeyChallengesTable.idHash, hashToken(id)),
              eq(passkeyChallengesTable.purpose, input.purpose),
            ),
          )
          .returning()
      : []
  if (!row || row.expiresAt <= input.now || row.userId !== input.userId)
    throw httpError(400, PasskeyErrorCode.challengeExpired, PasskeyMessage.challengeExpired)
  return row.challenge
}
