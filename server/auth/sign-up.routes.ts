import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  normaliseEmail,
  ResendVerificationBodySchema,
  SignUpBodySchema,
  TokenQuerySchema,
} from '@contract/auth'
import { admitNewAccount, hashInviteCode, refuseUnusable } from '../community/invites.service'
import { recordEvent } from '../events/record-event'
import { AUTH_LIMITS, authRateLimit } from '../rate-limit/auth-limits'
import { isUniqueViolation } from '../db/unique-violation'
import { findUserByEmail, insertUser } from '../users/users.repository'
import { grantConfiguredRoles } from '../users/roles'
import { markEmailVerified } from '../users/users.service'
import { consumeToken } from './auth-tokens'
import { authValidationError } from './auth-validation'
import { refuseBreachedPassword } from './breached-passwords'
import { confirmEmailChange } from './email-change'
import { hashPassword } from './passwords'
import { acceptLanguageOf } from '../i18n/language'

const Accepted = z.object({ message: z.string() })
const CHECK_YOUR_EMAIL = 'Check your email for a link to confirm your address.'

/** POST /auth/signup, POST /auth/resend-verification, GET /auth/verify-email (spec 000 §4, §7). */
export function signUpRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>()
  const { db, config, now } = app.deps
  const sendsMail = authRateLimit(app, 'signup', AUTH_LIMITS.sendsMail)

  // Spec 000 §8: a refused body is one `title` code (weak_password, terms_required, …), so the
  // validation failure is attached and answered here rather than by the generic validator.
  routes.post(
    '/auth/signup',
    {
      ...sendsMail,
      config: { ...sendsMail.config, public: true },
      attachValidation: true,
      schema: { body: SignUpBodySchema, response: { 202: Accepted } },
    },
    async (request, reply) => {
      if (request.validationError) throw authValidationError(request.validationError)
      refuseBreachedPassword(request.body.password)
      const email = normaliseEmail(request.body.email)
      const { join } = await app.community.read()
      const invite = request.body.invite ? hashInviteCode(request.body.invite) : null
      // Issue 38: an invite-only community refuses a sign-up without a usable invite, saying why,
      // before the address is looked up: an existing one is answered as a new one would be.
      if (join === 'invite') await refuseUnusable(db, invite, now())
      // Hashed whether or not the account exists, so the answer's timing reveals nothing.
      const passwordHash = await hashPassword(request.body.password)
      const existing = await findUserByEmail(db, email)
      // The mails are recorded as events (the auth-mail subscriber sends them, issue 39): a crash
      // after the answer still sends them.
      if (existing) {
        await db.transaction((tx) =>
          recordEvent(
            tx,
            {
              type: 'SignUpForKnownAddress',
              payload: { email, language: acceptLanguageOf(request) },
            },
            { occurredAt: now() },
          ),
        )
      } else {
        // A plain member: ADMIN_EMAILS and MODERATOR_EMAILS count once the link proves the
        // address (issue 37), below in GET /auth/verify-email. The invite's use is taken in the
        // account's transaction: a failed insert gives it back.
        const at = now()
        await db
          .transaction(async (tx) => {
            const { pendingSince } = await admitNewAccount(tx, {
              join,
              inviteHash: invite,
              now: at,
            })
            await insertUser(tx, { email, passwordHash, pendingSince, now: at })
            await recordEvent(
              tx,
              {
                type: 'VerificationMailRequested',
                payload: { email, language: acceptLanguageOf(request) },
              },
              { occurredAt: at },
            )
          })
          .catch((error: unknown) => {
            // Two sign-ups racing on one address: the loser is answered like any existing one.
            if (!isUniqueViolation(error)) throw error
          })
      }
      return reply.status(202).send({ message: CHECK_YOUR_EMAIL })
    },
  )

  const resend = authRateLimit(app, 'resend-verification', AUTH_LIMITS.sendsMail)
  routes.post(
    '/auth/resend-verification',
    {
      ...resend,
      config: { ...resend.config, public: true },
      schema: { body: ResendVerificationBodySchema, response: { 202: Accepted } },
    },
    async (request, reply) => {
      // Neutral: the same answer and the same work whether the address is unknown, verified or
      // waiting; the auth-mail subscriber mails a waiting owner after the answer.
      const email = normaliseEmail(request.body.email)
      await db.transaction((tx) =>
        recordEvent(
          tx,
          {
            type: 'VerificationMailRequested',
            payload: { email, language: acceptLanguageOf(request) },
          },
          { occurredAt: now() },
        ),
      )
      return reply.status(202).send({ message: CHECK_YOUR_EMAIL })
    },
  )

  // A sign-up's link verifies its address, and its listed roles come with it (issue 37); a
  // signed-in member's new address is confirmed by the same kind of link (email-change.ts).
  async function followLink(token: string) {
    const owner = await consumeToken(db, token, 'verify_email', now())
    if (!owner) return confirmEmailChange(db, config, token, now())
    const user = await markEmailVerified(db, owner, now())
    if (user) await grantConfiguredRoles(db, config, user)
    return user
  }

  // A browser navigation from the mailed link: always a redirect to the result page, never JSON.
  const verify = authRateLimit(app, 'verify-email', AUTH_LIMITS.token)
  routes.get(
    '/auth/verify-email',
    // The token is in the URL, which Fastify logs at info: keep this route's logs to warnings.
    {
      ...verify,
      logLevel: 'warn',
      config: { ...verify.config, public: true },
      // A malformed token is answered like an unknown one: the result page, not a 400.
      attachValidation: true,
      schema: { querystring: TokenQuerySchema },
    },
    async (request, reply) => {
      const user = request.validationError ? null : await followLink(request.query.token)
      reply.header('cache-control', 'no-store')
      return reply.redirect(`/verify-email/result?verified=${user ? 1 : 0}`, 302)
    },
  )
}
