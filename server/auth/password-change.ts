import type { FastifyInstance, FastifyRequest } from 'fastify'
import { AccountErrorCode, AccountMessage } from '@contract/account'
import { ErrorCode } from '@contract/errors'
import { EmailChangeErrorCode } from '@contract/users-email-change'
import { recordEvent } from '../events/record-event'
import { httpError } from '../errors/problem-error'
import { tooManyRequests } from '../rate-limit/auth-limits'
import { setPasswordHash } from '../users/users.service'
import type { UserRow } from '../users/users.repository'
import { AuthErrorCode, AuthMessage } from '@contract/auth'
import { shippedPasswordList } from './breached-passwords'
import { hashPassword, verifyPassword } from './passwords'
import { signedInRecently } from './reauthentication'
import { deleteUserSessions } from './sessions'

// As many tries as sign-in allows an address in its window: a stolen session must not become
// a way to guess the password without the sign-in page's limits (as reauthentication.ts).
const PASSWORD_TRIES = 30
const WINDOW_MS = 15 * 60 * 1000

const currentPasswordProblem = (status: number, code: string, message: string) =>
  httpError(status, code, message, [{ field: 'current_password', message }])

/**
 * Issue 39, POST /api/v1/users/me/password. With a password: the current one. A social-only
 * account setting its first needs none, but a sign-in within the last few minutes, as its email
 * change does: otherwise a borrowed session could add a password and keep the account.
 */
export function passwordChange(app: FastifyInstance) {
  const { db, now } = app.deps
  const limit = app.createRateLimit({
    max: PASSWORD_TRIES,
    timeWindow: WINDOW_MS,
    keyGenerator: (request) => `change-password:${request.viewer?.userId ?? request.ip}`,
  })

  async function proveOwner(request: FastifyRequest, user: UserRow, current: string | undefined) {
    if (user.passwordHash === null) {
      if (await signedInRecently(db, request.viewer!.sessionId, now())) return
      throw httpError(
        403,
        EmailChangeErrorCode.recentSignInRequired,
        AccountMessage.recentSignInRequiredForPassword,
      )
    }
    if (!current)
      throw currentPasswordProblem(
        400,
        ErrorCode.validationError,
        AccountMessage.currentPasswordRequired,
      )
    const tries = await limit(request)
    if (!tries.isAllowed && tries.isExceeded) throw tooManyRequests(tries.ttl)
    if (!(await verifyPassword(user.passwordHash, current)))
      throw currentPasswordProblem(
        400,
        AccountErrorCode.currentPasswordWrong,
        AccountMessage.currentPasswordWrong,
      )
  }

  return async function changePassword(
    request: FastifyRequest,
    user: UserRow,
    body: { current_password?: string | undefined; new_password: string },
  ) {
    await proveOwner(request, user, body.current_password)
    // As sign-up and reset refuse it (ASVS 6.2.12), naming the field.
    if (shippedPasswordList().has(body.new_password))
      throw httpError(400, AuthErrorCode.breachedPassword, AuthMessage.breachedPassword, [
        { field: 'new_password', message: AuthMessage.breachedPassword },
      ])
    const passwordHash = await hashPassword(body.new_password)
    const at = now()
    await db.transaction(async (tx) => {
      await setPasswordHash(tx, user.id, passwordHash, at)
      // DESIGN §5, issue 39: whoever knew the old password is signed out everywhere else at
      // once (the NOTIFY trigger empties every process's cache; SessionEnded closes the hub's).
      await deleteUserSessions(tx, {
        userId: user.id,
        now: at,
        keepSessionId: request.viewer!.sessionId,
      })
      await recordEvent(
        tx,
        { type: 'PasswordChanged', payload: { userId: user.id } },
        { occurredAt: at },
      )
    })
  }
}
