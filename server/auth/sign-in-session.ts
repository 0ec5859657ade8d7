import type { FastifyReply, FastifyRequest } from 'fastify'
import { deviceIdOf } from './devices/device-cookie'
import { deviceName } from './devices/device-name'
import { noteSignInDevice } from './devices/known-devices'
import { readSessionToken, setSessionCookie } from './session-cookie'
import { createSession, deleteExpiredSessions, deleteSessionByToken } from './sessions'

/**
 * How every sign-in ends (password, social): a new session, and the one this browser held
 * before is deleted, whoever's it was, so a token that leaked or was planted before sign-in
 * dies at it instead of living on beside the new one (issue 37, DESIGN §5). A browser the
 * member never signed in from is recorded with it, in one transaction (issue 39).
 */
export async function startSession(
  request: FastifyRequest,
  reply: FastifyReply,
  input: { userId: string; persistent: boolean; now: Date; secondFactor?: boolean },
) {
  const { db } = request.server.deps
  const previous = readSessionToken(request)
  if (previous) await deleteSessionByToken(db, previous, input.now)
  await deleteExpiredSessions(db, input.now)
  const userAgent = request.headers['user-agent']
  const deviceId = deviceIdOf(request, reply)
  const session = await db.transaction(async (tx) => {
    const created = await createSession(tx, {
      userId: input.userId,
      persistent: input.persistent,
      userAgent,
      now: input.now,
      secondFactor: input.secondFactor ?? false,
    })
    await noteSignInDevice(tx, {
      userId: input.userId,
      deviceId,
      device: deviceName(userAgent?.slice(0, 512) ?? null),
      now: input.now,
    })
    return created
  })
  setSessionCookie(reply, session.token, session.maxAgeSeconds)
}
