import type { FastifyReply, FastifyRequest } from 'fastify'
import type { Config } from '../../config'
import { randomSecret } from './oauth-client'
import { SIGN_IN_STATE_TTL_MS } from './sign-in-states'
import { secureCookies } from '../session-cookie'

// Two short-lived HttpOnly cookies. SameSite=Lax still sends them when the provider redirects
// the browser back (a top-level GET) and on the callback page's same-origin fetch.
const BINDING_COOKIE = 'social_flow'
const PENDING_LINK_COOKIE = 'social_link'
const MAX_AGE_SECONDS = SIGN_IN_STATE_TTL_MS / 1000

// As the session cookie (session-cookie.ts): in production the __Host- prefix makes the browser
// refuse one planted by a sibling subdomain, which could otherwise bind a stranger's sign-in to
// this browser or hold a link for a stranger's identity. The prefix requires Path=/.
export function socialCookieName(
  config: Pick<Config, 'appEnv'>,
  cookie: typeof BINDING_COOKIE | typeof PENDING_LINK_COOKIE,
): string {
  return secureCookies(config) ? `__Host-${cookie}` : cookie
}

function options(reply: FastifyReply) {
  return {
    path: '/',
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: secureCookies(reply.server.deps.config),
  }
}

function read(request: FastifyRequest, cookie: Parameters<typeof socialCookieName>[1]) {
  const value = request.cookies[socialCookieName(request.server.deps.config, cookie)]
  return value && value.length <= 128 ? value : null
}

function set(reply: FastifyReply, cookie: Parameters<typeof socialCookieName>[1], value: string) {
  reply.setCookie(socialCookieName(reply.server.deps.config, cookie), value, {
    ...options(reply),
    maxAge: MAX_AGE_SECONDS,
  })
}

/**
 * Ties started sign-ins to this browser. Reused while it lives, so two tabs signing in at once
 * do not invalidate each other.
 */
export function ensureBindingCookie(request: FastifyRequest, reply: FastifyReply): string {
  const binding = read(request, BINDING_COOKIE) ?? randomSecret()
  set(reply, BINDING_COOKIE, binding)
  return binding
}

export function readBindingCookie(request: FastifyRequest): string | null {
  return read(request, BINDING_COOKIE)
}

/** Holds the link for the account to confirm (GET and POST /auth/social/link). */
export function setPendingLinkCookie(reply: FastifyReply, token: string) {
  set(reply, PENDING_LINK_COOKIE, token)
}

export function readPendingLinkCookie(request: FastifyRequest): string | null {
  return read(request, PENDING_LINK_COOKIE)
}

export function clearPendingLinkCookie(reply: FastifyReply) {
  reply.clearCookie(socialCookieName(reply.server.deps.config, PENDING_LINK_COOKIE), options(reply))
}
