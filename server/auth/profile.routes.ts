import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import {
  DisplayNameQuerySchema,
  DisplayNameResponseSchema,
  emailTakenMessage,
  emailUniquenessCase,
  ProfileBodySchema,
  ProfileSchema,
} from '@contract/users'
import { AuthErrorCode, normaliseEmail } from '@contract/auth'
import { ErrorCode } from '@contract/errors'
import { pendingEmail, requestEmailChange } from './email-change'
import { reauthentication } from './reauthentication'
import { recordEvent } from '../events/record-event'
import { httpError } from '../errors/problem-error'
import { isUniqueViolation } from '../db/unique-violation'
import { findUserById } from '../users/users.repository'
import { emailTakenByOther, saveProfile, toProfile } from '../users/users.service'
import { acceptLanguageOf } from '../i18n/language'

/** GET /api/v1/users/me(/), POST /api/v1/users/profile, GET /api/v1/users/display-name (spec 000 §7). */
export function profileRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>()
  const { db, now } = app.deps
  const reauthenticate = reauthentication(app)

  async function currentUser(request: FastifyRequest) {
    const user = await findUserById(db, request.viewer!.userId)
    // The account was deleted while the session lived: the session is as good as gone.
    if (!user) throw httpError(401, ErrorCode.unauthenticated, 'Please sign in to continue.')
    return user
  }

  // Issue 38: a member waiting for approval finishes onboarding and keeps their profile: these
  // are the only calls of theirs besides sign-out and the community's read (session.plugin.ts).
  const config = { allowPending: true }
  const me = { config, schema: { response: { 200: ProfileSchema } } }
  const readMe = async (request: FastifyRequest) => {
    const user = await currentUser(request)
    return toProfile(user, await pendingEmail(db, user.id, now()))
  }
  // Both spellings are in the spec's call table; neither redirects (a redirect drops credentials' intent).
  routes.get('/api/v1/users/me', me, readMe)
  routes.get('/api/v1/users/me/', me, readMe)

  routes.post(
    '/api/v1/users/profile',
    { config, schema: { body: ProfileBodySchema, response: { 200: ProfileSchema } } },
    async (request) => {
      const user = await currentUser(request)
      const body = request.body
      const uniqueness = emailUniquenessCase({
        email: body.email,
        prefilledEmail: user.email,
        provider: body.provider,
      })
      const taken = () =>
        httpError(409, AuthErrorCode.emailTaken, emailTakenMessage(uniqueness ?? 'changed'))
      const email = normaliseEmail(body.email)
      // Issue 37: a verified address moves only for its proven owner, and only once the new one
      // is confirmed; an address never verified may still be corrected here at once. Proven
      // before the uniqueness check, so a borrowed session cannot ask which addresses exist.
      const pendingChange = user.emailVerifiedAt !== null && email !== user.email
      if (pendingChange) await reauthenticate(request, user, body.current_password)
      if (uniqueness !== null && (await emailTakenByOther(db, body.email, user.id))) throw taken()
      const saved = await db
        .transaction(async (tx) => {
          if (pendingChange) {
            const row = await saveProfile(tx, user, { ...body, email: user.email }, now())
            await requestEmailChange(tx, { user, to: email, now: now() })
            return row
          }
          const row = await saveProfile(tx, user, body, now())
          // A changed email is unverified until its own link is followed (spec 000 §2 banner);
          // the link is mailed by the auth-mail subscriber, recorded with the change.
          if (row.email !== user.email)
            await recordEvent(
              tx,
              {
                type: 'VerificationMailRequested',
                payload: { email: row.email, language: acceptLanguageOf(request) },
              },
              { occurredAt: now() },
            )
          return row
        })
        .catch((error: unknown) => {
          // Another account took the address between the check and the save.
          if (isUniqueViolation(error)) throw taken()
          throw error
        })
      return toProfile(saved, await pendingEmail(db, user.id, now()))
    },
  )

  routes.get(
    '/api/v1/users/display-name',
    {
      config,
      schema: { querystring: DisplayNameQuerySchema, response: { 200: DisplayNameResponseSchema } },
    },
    async (request) => {
      // Assigned once at account creation, so it never follows the real name typed later.
      const displayName = request.viewer!.displayName
      return { displayName, display_name: displayName }
    },
  )
}
