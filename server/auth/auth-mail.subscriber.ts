import type { FastifyInstance } from 'fastify'
import type { Subscriber } from '../events/subscriber'
import { newDeviceMail, passwordChangedInAccountMail, resetPasswordMail } from '../mail/templates'
import { findUserByEmail, findUserById } from '../users/users.repository'
import { issueToken, revokeTokens, tokenIssuedAfter } from './auth-tokens'
import { claimNewDeviceNotice } from './devices/known-devices'
import { deliver, sendVerificationLink } from './verification'

/**
 * Mails the links that forgot-password and resend-verification ask for, after their answer
 * (issue 37): the routes only record the request, so a known and an unknown address cost them
 * the same work. Also tells a member of a password change or a sign-in from a new device
 * (issue 39). A link issued after the request means a delivery of this event (or of a later
 * request) already mailed one, so a repeated delivery sends nothing twice.
 */
export function authMailSubscriber(app: FastifyInstance): Subscriber {
  const { db, config, now } = app.deps
  return {
    name: 'auth-mail',
    on: {
      PasswordResetRequested: async ({ payload, occurredAt }) => {
        const user = await findUserByEmail(db, payload.email)
        // A deleted account (issue 40) is answered as an unknown address: nothing is mailed.
        if (!user || user.closedAt) return
        if (await tokenIssuedAfter(db, user.id, 'reset_password', occurredAt)) return
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
        if (!user || user.closedAt || user.emailVerifiedAt !== null) return
        if (await tokenIssuedAfter(db, user.id, 'verify_email', occurredAt)) return
        await sendVerificationLink(app, user)
      },
      PasswordChanged: async ({ payload }) => {
        const user = await findUserById(db, payload.userId)
        if (user) deliver(app, passwordChangedInAccountMail(user.email, config.publicUrl))
      },
      // Issue 39: once per device; the address in force now (a pending change has not moved it).
      NewDeviceSignedIn: async ({ payload, occurredAt }) => {
        const user = await findUserById(db, payload.userId)
        if (!user || !(await claimNewDeviceNotice(db, payload.knownDeviceId, now()))) return
        deliver(app, newDeviceMail(user.email, payload.device, occurredAt, config.publicUrl))
      },
    },
  }
}
