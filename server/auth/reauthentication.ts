import { eq } from 'drizzle-orm'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import {
  EmailChangeErrorCode,
  EmailChangeMessage,
  RECENT_SIGN_IN_MINUTES,
} from '@contract/users-email-change'
import type { Database } from '../db/client'
import { httpError } from '../errors/problem-error'
import { tooManyRequests } from '../rate-limit/auth-limits'
import type { UserRow } from '../users/users.repository'
import { verifyPassword } from './passwords'
import { sessionsTable } from './sessions.table'

// As many tries as sign-in allows an address in its window: a stolen session must not become
// a way to guess the password without the sign-in page's limits.
const PASSWORD_TRIES = 30
const WINDOW_MS = 15 * 60 * 1000
const RECENT_SIGN_IN_MS = RECENT_SIGN_IN_MINUTES * 60 * 1000

/** What a refusal says, and the field it names: the email change's unless a caller words its own. */
export interface ReauthenticationWording {
  field: string
  passwordRequired: string
  recentSignInRequired: string
}

const EMAIL_CHANGE_WORDING: ReauthenticationWording = {
  field: 'current_password',
  passwordRequired: EmailChangeMessage.passwordRequired,
  recentSignInRequired: EmailChangeMessage.recentSignInRequired,
}

/**
 * Whether the session began with a sign-in in the last few minutes, which the password or the
 * provider just checked: the proof asked where no password can be (issue 37, issue 39's links).
 */
export async function signedInRecently(
  db: Database,
  sessionId: string,
  now: Date,
): Promise<boolean> {
  const [session] = await db
    .select({ createdAt: sessionsTable.createdAt })
    .from(sessionsTable)
    .where(eq(sessionsTable.id, sessionId))
  return session !== undefined && now.getTime() - session.createdAt.getTime() <= RECENT_SIGN_IN_MS
}

/**
 * Issue 37: proof that the signed-in person is the account's owner, asked before a verified
 * address changes, and (issue 40) before an account is deleted. With a password: that password.
 * Without one (Google or Facebook only): a sign-in within the last few minutes, which the
 * provider just checked.
 */
export function reauthentication(app: FastifyInstance) {
  const { db, now } = app.deps
  const limit = app.createRateLimit({
    max: PASSWORD_TRIES,
    timeWindow: WINDOW_MS,
    keyGenerator: (request) => `reauthenticate:${request.viewer?.userId ?? request.ip}`,
  })

  return async function reauthenticate(
    request: FastifyRequest,
    user: Pick<UserRow, 'passwordHash'>,
    password: string | undefined,
    wording: ReauthenticationWording = EMAIL_CHANGE_WORDING,
  ) {
    const fieldError = (message: string) => [{ field: wording.field, message }]
    if (user.passwordHash === null) {
      if (await signedInRecently(db, request.viewer!.sessionId, now())) return
      throw httpError(
        403,
        EmailChangeErrorCode.recentSignInRequired,
        wording.recentSignInRequired,
        fieldError(wording.recentSignInRequired),
      )
    }
    if (!password)
      throw httpError(
        403,
        EmailChangeErrorCode.passwordRequired,
        wording.passwordRequired,
        fieldError(wording.passwordRequired),
      )
    const tries = await limit(request)
    if (!tries.isAllowed && tries.isExceeded) throw tooManyRequests(tries.ttl)
    if (!(await verifyPassword(user.passwordHash, password)))
      throw httpError(
        403,
        EmailChangeErrorCode.passwordWrong,
        EmailChangeMessage.passwordWrong,
        fieldError(EmailChangeMessage.passwordWrong),
      )
  }
}
