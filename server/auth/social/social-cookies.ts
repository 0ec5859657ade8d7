import type { FastifyReply, FastifyRequest } from 'fastify'
import { randomSecret } from './oauth-client'
import { SIGN_IN_STATE_TTL_MS } from './sign-in-states'
import { secureCookies } from '../session-cookie'

// Two short-lived HttpOnly cookies. SameSite=Lax still sends them when the provider redirects
// the browser back (a top-level GET) and on the callback page's same-origin fetch.
const BINDING_COOKIE = 'social_flow'
const PENDING_LINK_COOKIE = 'social_link'
const MAX_AGE_SECONDS = SIGN_IN_STATE_TTL_MS / 1000

function options(reply: FastifyReply, path: string) {
  return {
    path,
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: secureCookies(reply.server.deps.config),
  }
}

function read(request: FastifyRequest, name: string): string | null {
  const value = request.cookies[name]
  return value && value.length <= 128 ? value : null
}

/**
 * Ties started sign-ins to this browser. Reused while it lives, so two tabs signing in at once
 * do not invalidate each other; only /auth/* requests need it.
 */
export function ensureBindingCookie(request: FastifyRequest, reply: FastifyReply): string {
  const binding = read(request, BINDING_COOKIE) ?? randomSecret()
  reply.setCookie(BINDING_COOKIE, binding, { ...options(reply, '/auth'), maxAge: MAX_AGE_SECONDS })
  return binding
}

export function readBindingCookie(request: FastifyRequest): string | null {
  return read(request, BINDING_COOKIE)
}

/** Sent on every path: the link completes on whatever request first carries the new session. */
export function setPendingLinkCookie(reply: FastifyReply, token: string) {
  reply.setCookie(PENDING_LINK_COOKIE, token, { ...options(reply, '/'), maxAge: MAX_AGE_SECONDS })
}

export function readPendingLinkCookie(request: FastifyRequest): string | null {
  return read(request, PENDING_LINK_COOKIE)
}

export function clearPendingLinkCookie(reply: FastifyReply) {
  reply.clearCookie(PENDING_LINK_COOKIE, options(reply, '/'))
}
