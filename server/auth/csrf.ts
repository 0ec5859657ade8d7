import type { FastifyInstance } from 'fastify'
import { ErrorCode } from '@contract/errors'
import { httpError } from '../errors/problem-error'

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

/**
 * DESIGN §5: a browser always sends Origin on a cross-site write, so a write whose Origin is
 * neither our app nor the notifications host is refused. Requests without Origin come from
 * non-browser clients (curl, the hub's Node client), which carry no ambient cookies to abuse.
 */
export function installCsrfGuard(app: FastifyInstance) {
  const { publicUrl, notificationsUrl } = app.deps.config
  const allowed = new Set([new URL(publicUrl).origin, new URL(notificationsUrl).origin])
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method)) return
    const origin = request.headers.origin
    if (origin === undefined) return
    // Same host as the request: served from this very server (no proxy in between).
    const host = request.headers.host
    if (
      allowed.has(origin) ||
      (host !== undefined && (origin === `http://${host}` || origin === `https://${host}`))
    )
      return
    throw httpError(
      403,
      ErrorCode.crossOrigin,
      'This request came from another site and was refused.',
    )
  })
}
