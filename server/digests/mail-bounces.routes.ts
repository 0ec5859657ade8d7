import { timingSafeEqual } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { EmailPreferences } from '@contract/email-preferences'
import { ErrorCode } from '@contract/errors'
import { httpError } from '../errors/problem-error'
import { saveEmailPreferences } from '../notifications/notification-settings.service'
import { findUserByEmail } from '../users/users.repository'

export const BOUNCES_PATH = '/api/v1/mail/bounces'

const BounceSchema = z.object({
  /** A hard bounce (the address does not exist) or a complaint (marked as spam). */
  type: z.enum(['bounce', 'complaint']),
  email: z.string().trim().min(3).max(320),
})

const NO_OPTIONAL_MAIL: EmailPreferences = {
  activity: 'never',
  weekly_digest: false,
  reminders: false,
  rooms: false,
}

const same = (given: string, secret: string) => {
  const a = Buffer.from(given)
  const b = Buffer.from(secret)
  return a.length === b.length && timingSafeEqual(a, b)
}

/**
 * Issue 46 (docs/mail.md "Bounces and complaints"): the operator's mail provider, or a small
 * adapter in front of it, reports a hard bounce or a complaint here with the shared secret
 * (`Authorization: Bearer $MAIL_WEBHOOK_SECRET`); every optional mail to that address's
 * account stops (digests, activity, reminders by mail), as if the member had turned each off.
 * Mail the member asks for (a sign-in link, a reset) still goes. The answer is 204 whether or
 * not an account has the address. Unset secret: the endpoint does not exist (404).
 */
export function mailBouncesRoutes(app: FastifyInstance) {
  const { config, db, now } = app.deps
  const secret = config.mailWebhookSecret
  app.withTypeProvider<ZodTypeProvider>().post(
    BOUNCES_PATH,
    {
      config: { public: true },
      schema: { tags: ['notifications'], body: BounceSchema },
      // Before the body is read: a caller without the secret learns nothing of its shape.
      onRequest: async (request) => {
        if (!secret) throw httpError(404, ErrorCode.notFound, 'Not found.')
        const given = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? ''
        if (!same(given, secret))
          throw httpError(401, ErrorCode.unauthorized, 'The webhook secret is missing or wrong.')
      },
    },
    async (request, reply) => {
      const user = await findUserByEmail(db, request.body.email)
      if (user && !user.closedAt) {
        await saveEmailPreferences({ db, userId: user.id, email: NO_OPTIONAL_MAIL, now: now() })
        // The account, never the address: logs keep no addresses.
        request.log.info({ userId: user.id, kind: request.body.type }, 'optional mail turned off')
      }
      return reply.code(204).send()
    },
  )
}
