import type { FastifyReply, FastifyRequest } from 'fastify'
import { readSessionToken, setSessionCookie } from './session-cookie'
import { createSession, deleteExpiredSessions, deleteSessionByToken } from './sessions'

/**
 * How every sign-in ends (password, social): a new session, and the one this browser held
 * before is deleted, whoever's it was, so a token that leaked or was planted before sign-in
 * dies at it instead of living on beside the new one (issue 37, DESIGN §5).
 */
export async function startSession(
  request: FastifyRequest,
  reply: FastifyReply,
  input: { userId: string; persistent: boolean; now: Date },
) {
  const { db } = request.server.deps
  const previous = readSessionToken(request)
  if (previous) await deleteSessionByToken(db, previous, input.now)
  await deleteExpiredSessions(db, input.now)
  const session = await createSession(db, {
    userId: input.userId,
    persistent: input.persistent,
    userAgent: request.headers['user-agent'],
    now: input.now,
  })
  setSessionCookie(reply, session.token, session.maxAgeSeconds)
}
