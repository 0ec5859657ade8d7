import type { FastifyReply, FastifyRequest } from 'fastify'
import type { Config } from '../config'

// Secure only in production: local http://localhost must keep working in dev and tests.
export function secureCookies(config: Pick<Config, 'appEnv'>): boolean {
  return config.appEnv === 'production'
}

// The __Host- prefix makes the browser refuse the cookie unless it is Secure, host-only and
// Path=/, so a sibling subdomain cannot plant a session; it needs HTTPS, hence production only.
export function sessionCookieName(config: Pick<Config, 'appEnv'>): string {
  return secureCookies(config) ? '__Host-session' : 'session'
}

export function readSessionToken(request: FastifyRequest): string | null {
  const value = request.cookies[sessionCookieName(request.server.deps.config)]
  return value && value.length <= 128 ? value : null
}

/** rememberMe false: no Max-Age, so the cookie ends with the browser session (DESIGN §5). */
export function setSessionCookie(reply: FastifyReply, token: string, maxAgeSeconds: number | null) {
  const config = reply.server.deps.config
  reply.setCookie(sessionCookieName(config), token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: secureCookies(config),
    ...(maxAgeSeconds === null ? {} : { maxAge: maxAgeSeconds }),
  })
}

export function clearSessionCookie(reply: FastifyReply) {
  const config = reply.server.deps.config
  reply.clearCookie(sessionCookieName(config), {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: secureCookies(config),
  })
}
