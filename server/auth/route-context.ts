import type { FastifyInstance, FastifyRequest } from 'fastify'
import { ErrorCode } from '@contract/errors'
import type { ContentPolicy } from '../content-policy/content-policy'
import type { Database } from '../db/client'
import { ProblemError } from '../errors/problem-error'
import type { Viewer } from './viewer'

// Route config of the wall (DESIGN §4): reading needs a finished profile; writing also a
// verified email ("Ask for Prayer" requires a verified user, spec 001 §6).
export const READ = { requireProfile: true } as const
export const WRITE = { requireProfile: true, requireVerifiedEmail: true } as const

/** Every wall route is behind the session plugin's default deny, so a viewer is present. */
export function readContext(app: FastifyInstance, request: FastifyRequest) {
  return { db: app.deps.db, viewer: request.viewer as Viewer, now: app.deps.now() }
}

export interface WriteContext {
  db: Database
  viewer: Viewer
  now: Date
  contentPolicy: ContentPolicy
}

const SUSPENSION_END = new Intl.DateTimeFormat('en-GB', {
  dateStyle: 'long',
  timeStyle: 'short',
  timeZone: 'UTC',
})
/** The 403 `suspended` detail: says until when, so the member knows it ends (issue 8). */
function suspendedMessage(until: Date): string {
  return `Your account is suspended until ${SUSPENSION_END.format(until)} UTC, so you can read but cannot post or respond until then.`
}

/** Suspended members read but do not write (403 `suspended`). */
export function assertNotSuspended(viewer: Viewer, now: Date) {
  if (viewer.suspendedUntil && viewer.suspendedUntil > now) {
    // `suspended_until` lets the answer word the moment in the reader's language.
    throw new ProblemError(
      403,
      ErrorCode.suspended,
      suspendedMessage(viewer.suspendedUntil),
      undefined,
      {
        suspended_until: viewer.suspendedUntil.toISOString(),
      },
    )
  }
}

/** A write by a suspended member answers 403 `suspended`; reading stays open to them. */
export function writeContext(app: FastifyInstance, request: FastifyRequest): WriteContext {
  const context = { ...readContext(app, request), contentPolicy: app.deps.contentPolicy }
  assertNotSuspended(context.viewer, context.now)
  return context
}
