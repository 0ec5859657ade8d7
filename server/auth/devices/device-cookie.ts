import type { FastifyReply, FastifyRequest } from 'fastify'
import { newToken } from '../session-token'
import { secureCookies } from '../session-cookie'

// Issue 39: a random id the browser keeps across sign-ins, so a sign-in can tell a browser the
// member used before from a new one. It opens nothing (the server keeps only its hash, beside
// the member's id); about 400 days is the longest a browser keeps a cookie.
const MAX_AGE_SECONDS = 400 * 24 * 60 * 60

function deviceCookieName(request: FastifyRequest): string {
  return secureCookies(request.server.deps.config) ? '__Host-device' : 'device'
}

/** The browser's device id, a new one set on the reply if it had none. */
export function deviceIdOf(request: FastifyRequest, reply: FastifyReply): string {
  const sent = request.cookies[deviceCookieName(request)]
  if (sent && /^[A-Za-z0-9_-]{20,128}$/.test(sent)) return sent
  const id = newToken()
  reply.setCookie(deviceCookieName(request), id, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: secureCookies(request.server.deps.config),
    maxAge: MAX_AGE_SECONDS,
  })
  return id
}
