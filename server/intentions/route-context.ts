import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { Viewer } from '../auth/viewer'
import { assertNotSuspended } from './intention-access'
import type { WriteContext } from './intentions.service'

// Route config of the wall (DESIGN §4): reading needs a finished profile; writing also a
// verified email ("Ask for Prayer" requires a verified user, spec 001 §6).
export const READ = { requireProfile: true } as const
export const WRITE = { requireProfile: true, requireVerifiedEmail: true } as const

/** Every wall route is behind the session plugin's default deny, so a viewer is present. */
export function readContext(app: FastifyInstance, request: FastifyRequest) {
  return { db: app.deps.db, viewer: request.viewer as Viewer, now: app.deps.now() }
}

/** A write by a suspended member answers 403 `suspended`; reading stays open to them. */
export function writeContext(app: FastifyInstance, request: FastifyRequest): WriteContext {
  const context = { ...readContext(app, request), contentPolicy: app.deps.contentPolicy }
  assertNotSuspended(context.viewer, context.now)
  return context
}
