import type { FastifyInstance, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { AuthErrorCode } from '@contract/auth'
import { ErrorCode } from '@contract/errors'
import { MEMBERSHIP_MESSAGES, MembershipErrorCode } from '@contract/membership-errors'
import { TwoStepErrorCode, TwoStepMessage } from '@contract/two-step'
import { httpError } from '../errors/problem-error'
import type { DatabaseHandle } from '../db/client'
import { listenToKeepCache } from '../db/listen-to-keep-cache'
import { batchViewer } from './batch-viewer'
import type { UserRole } from '../users/users.repository'
import { SessionCache, VIEWER_CHANGED_CHANNEL } from './session-cache'
import { readSessionToken, setSessionCookie } from './session-cookie'
import { hashToken } from './session-token'
import { lookupSession, viewerOfSession, type SessionRow } from './sessions'
import { isModeratorViewer, type Viewer } from './viewer'
import '../plugins/route-config'

declare module 'fastify' {
  interface FastifyContextConfig {
    /** 403 onboarding_required until the profile form was saved (DESIGN §4). */
    requireProfile?: boolean
    /** 403 email_not_verified until the email link was followed (spec 000 §6). */
    requireVerifiedEmail?: boolean
    /** 403 forbidden for anyone without the role; admins hold every moderator right. */
    requireRole?: Exclude<UserRole, 'member'>
    /**
     * Issue 38: a member waiting for approval may call this route. Every other route answers
     * them 403 `membership_pending`: an allow-list, so a new route is closed to them by default.
     */
    allowPending?: boolean
  }
  interface FastifyRequest {
    /**
     * Issue 39: a session of a member with two-step sign-in on that has not proved the second
     * factor yet. It is no viewer: only POST /auth/second-factor (and sign-out) read it.
     */
    awaitingSecondFactor: { userId: string; sessionId: string; persistent: boolean } | null
  }
}

/** A staff call from a session without two factors: the client links to the two-step setup. */
function staffRefusal(viewer: Viewer, role: 'admin' | 'moderator'): Error | null {
  const held = viewer.rolesAwaitingSecondFactor
  if (held.includes('admin') || (role === 'moderator' && held.includes('moderator')))
    return httpError(403, TwoStepErrorCode.secondFactorRequired, TwoStepMessage.secondFactorRequired)
  return null
}

// @fastify/static marks the routes of the built client with their file; those are public.
function isPublic(request: FastifyRequest) {
  const config = request.routeOptions.config as { public?: boolean; rootPath?: unknown }
  return config.public === true || config.rootPath !== undefined
}

/**
 * Keeps session rows for a few seconds (issue 22, ADR 0022) while the database tells every
 * process that a session ended or its user changed (0015's triggers NOTIFY on those writes).
 * A write's own process hears it before the write resolves (ListenOptions.ownWritesFirst), so
 * the next request here already sees the change; other processes within milliseconds.
 */
async function sessionCache(app: FastifyInstance, database: Pick<DatabaseHandle, 'listen'>) {
  const cache = new SessionCache()
  await listenToKeepCache(app, database, {
    name: 'session',
    channel: VIEWER_CHANGED_CHANNEL,
    onNotify: (userId) => cache.forgetUser(userId),
    disable: () => cache.disable(),
    enable: () => cache.enable(),
  })
  return cache
}

async function readSession(
  app: FastifyInstance,
  cache: SessionCache,
  token: string,
  now: Date,
): Promise<SessionRow | null> {
  const tokenHash = hashToken(token)
  const cached = cache.get(tokenHash, now)
  if (cached) return cached
  const version = cache.version()
  const row = await lookupSession(app.deps.db, tokenHash, now)
  if (row) cache.set(tokenHash, row, now, version)
  return row
}

/**
 * Sets `request.viewer` from the session cookie and is default-deny: a route answers without a
 * session only when it says `config: { public: true }`.
 */
export const sessionPlugin = fp<{ database: Pick<DatabaseHandle, 'listen'> }>(
  async (app, { database }) => {
    app.decorateRequest('viewer', null)
    app.decorateRequest('awaitingSecondFactor', null)
    const cache = await sessionCache(app, database)
    app.addHook('onRequest', async (request, reply) => {
      const token = readSessionToken(request)
      // An entry of a sync batch acts as the batch's member, looked up once for the batch.
      const batch = batchViewer()
      if (batch) request.viewer = batch
      else if (token) {
        const now = app.deps.now()
        const row = await readSession(app, cache, token, now)
        const found = row ? await viewerOfSession(app.deps.db, row, now) : null
        if (row && found?.awaitingSecondFactor)
          request.awaitingSecondFactor = {
            userId: row.userId,
            sessionId: row.sessionId,
            persistent: row.persistent,
          }
        else if (found) {
          request.viewer = found.viewer
          if (found.renewedMaxAgeSeconds !== null)
            setSessionCookie(reply, token, found.renewedMaxAgeSeconds)
        }
      }
      if (request.is404 || isPublic(request)) return
      const viewer = request.viewer
      if (!viewer) throw httpError(401, ErrorCode.unauthenticated, 'Please sign in to continue.')
      const config = request.routeOptions.config
      // Public routes (sign-out, the community's read) answered above, as to any visitor. The
      // hub's HTTP routes and the sync batch are routes too; a batch's entries run as its viewer.
      if (viewer.pending && config.allowPending !== true)
        throw httpError(403, MembershipErrorCode.pending, MEMBERSHIP_MESSAGES.pending)
      if (config.requireRole === 'admin' && !viewer.roles.includes('admin'))
        throw (
          staffRefusal(viewer, 'admin') ??
          httpError(403, ErrorCode.forbidden, 'Only administrators can do this.')
        )
      if (config.requireRole === 'moderator' && !isModeratorViewer(viewer))
        throw (
          staffRefusal(viewer, 'moderator') ??
          httpError(403, ErrorCode.forbidden, 'Only moderators can do this.')
        )
      if (config.requireProfile && !viewer.hasProfile)
        throw httpError(403, ErrorCode.onboardingRequired, 'Please complete your profile first.')
      if (config.requireVerifiedEmail && !viewer.emailVerified)
        throw httpError(
          403,
          AuthErrorCode.emailNotVerified,
          'Verify your email to perform this action',
        )
    })
  },
  { name: 'session' },
)
