import type { FastifyInstance } from 'fastify'
import type { Subscriber } from '../events/subscriber'
import { resetPasswordMail } from '../mail/templates'
import { findUserByEmail } from '../users/users.repository'
import { issueToken, revokeTokens, tokenIssuedAfter } from './auth-tokens'
import { deliver, sendVerificationLink } from './verification'

/**
 * Mails the links that forgot-password and resend-verification ask for, after their answer
 * (issue 37): the routes only record the request, so a known and an unknown address cost them
 * the same work. A link issued after the request means a delivery of this event (or of a later
 * request) already mailed one, so a repeated delivery sends nothing twice.
 */
export function authMailSubscriber(app: FastifyInstance): Subscriber {
  const { db, config, now } = app.deps
  return {
    name: 'auth-mail',
    on: {
      PasswordResetRequested: async ({ payload, occurredAt }) => {
        const user = await findUserByEmail(db, payload.email)
        if (!user || (await tokenIssuedAfter(db, user.id, 'reset_password', occurredAt))) return
        await revokeTokens(db, user.id, 'reset_password', now())
        const token = await issueToken(db, {
          userId: user.id,
          email: user.email,
          purpose: 'reset_password',
          now: now(),
        })
        deliver(app, resetPasswordMail(user.email, config.publicUrl, token))
      },
      VerificationMailRequested: async ({ payload, occurredAt }) => {
        const user = await findUserByEmail(db, payload.email)
        // Neutral: an unknown or already verified address is mailed nothing.
        if (!user || user.emailVerifiedAt !== null) return
        if (await tokenIssuedAfter(db, user.id, 'verify_email', occurredAt)) return
        await sendVerificationLink(app, user)
      },
    },
  }
}
