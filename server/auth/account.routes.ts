import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  AccountMessage,
  AccountPatchBodySchema,
  EmailChangeBodySchema,
  PasswordChangeBodySchema,
} from '@contract/account'
import { normaliseEmail } from '@contract/auth'
import { ErrorCode } from '@contract/errors'
import { ProfileSchema } from '@contract/users'
import { enforceContentPolicy } from '../content-policy/content-check'
import { httpError } from '../errors/problem-error'
import { changeDisplayName } from '../users/display-name-change'
import { saveLanguage } from '../users/language-setting'
import { findUserById } from '../users/users.repository'
import { toProfile } from '../users/users.service'
import { pendingEmail, requestEmailChange } from './email-change'
import { passwordChange } from './password-change'
import { reauthentication } from './reauthentication'
import { assertNotSuspended } from './route-context'

const PendingEmailSchema = z.object({ pending_email: z.string() })

/**
 * Issue 39, the account screen's changes: PATCH /api/v1/users/me (display name; issue 42: language),
 * POST /api/v1/users/me/email, POST /api/v1/users/me/password.
 */
export function accountRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>()
  const { db, now, contentPolicy } = app.deps
  const reauthenticate = reauthentication(app)
  const changePassword = passwordChange(app)

  async function currentUser(request: FastifyRequest) {
    const user = await findUserById(db, request.viewer!.userId)
    if (!user) throw httpError(401, ErrorCode.unauthenticated, 'Please sign in to continue.')
    return user
  }

  routes.patch(
    '/api/v1/users/me',
    {
      config: { requireProfile: true },
      schema: { body: AccountPatchBodySchema, response: { 200: ProfileSchema } },
    },
    async (request) => {
      const { display_name: displayName, language } = request.body
      const userId = request.viewer!.userId
      // The language is the member's own and private: a suspended member may still change it.
      if (language !== undefined) await saveLanguage(db, { userId, language, now: now() })
      if (displayName !== undefined) {
        // A public name is a public write: a suspended member keeps the one they have.
        assertNotSuspended(request.viewer!, now())
        // The onboarding rules (spec 001 §8): a name the content policy refuses is refused here.
        enforceContentPolicy(contentPolicy, [displayName])
        await changeDisplayName(db, { userId, displayName, now: now() })
      }
      const user = await currentUser(request)
      return toProfile(user, await pendingEmail(db, user.id, now()))
    },
  )

  routes.post(
    '/api/v1/users/me/email',
    { schema: { body: EmailChangeBodySchema, response: { 202: PendingEmailSchema } } },
    async (request, reply) => {
      const user = await currentUser(request)
      const email = normaliseEmail(request.body.email)
      if (email === user.email)
        throw httpError(400, ErrorCode.validationError, AccountMessage.emailUnchanged, [
          { field: 'email', message: AccountMessage.emailUnchanged },
        ])
      await reauthenticate(request, user, request.body.password)
      // Issue 37's two steps for every address, with no check of whether another account has
      // it: the answer is the same either way, and the mail to that address says what happened
      // (email-change.subscriber.ts). The link cannot take an address another account holds.
      await db.transaction((tx) => requestEmailChange(tx, { user, to: email, now: now() }))
      return reply.status(202).send({ pending_email: email })
    },
  )

  routes.post(
    '/api/v1/users/me/password',
    { schema: { body: PasswordChangeBodySchema, response: { 204: z.null() } } },
    async (request, reply) => {
      await changePassword(request, await currentUser(request), request.body)
      return reply.status(204).send(null)
    },
  )
}
