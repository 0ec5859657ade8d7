import type { FastifyInstance } from 'fastify'
import type { Subscriber } from '../events/subscriber'
import { memberLanguage } from '../i18n/language'
import { sendMailOnce } from '../mail/send-once'
import {
  alreadyHaveAccountMail,
  newDeviceMail,
  passwordChangedInAccountMail,
  passwordChangedMail,
  resetPasswordMail,
  signInLinkedMail,
  signInUnlinkedMail,
  verificationMail,
} from '../mail/templates'
import { findUserByEmail, findUserById } from '../users/users.repository'
import { issueMailedLink } from './auth-tokens'
import { markNewDeviceNotified } from './devices/known-devices'

/**
 * The account's mail that must arrive (issue 39, docs/events.md): each is recorded with its
 * write or request and sent here, awaited, so a failed send is retried and a crash after the
 * commit still mails it; sendMailOnce makes a repeated delivery send nothing twice. The
 * forgot-password and resend routes only record the request, so a known and an unknown
 * address cost them the same work (issue 37); the account is looked up here.
 */
export function authMailSubscriber(app: FastifyInstance): Subscriber {
  const { db, config, now } = app.deps
  return {
    name: 'auth-mail',
    on: {
      PasswordResetRequested: async ({ id, payload, occurredAt }) => {
        const user = await findUserByEmail(db, payload.email)
        // A deleted account (issue 40) is answered as an unknown address: nothing is mailed.
        if (!user || user.closedAt) return
        await sendMailOnce(app, id, 'reset_password', async () => {
          const link = { requestedAt: occurredAt, now: now() }
          const token = await issueMailedLink(db, user, 'reset_password', link)
          const language = await memberLanguage(app, user.language, payload.language)
          return resetPasswordMail(language, user.email, config.publicUrl, token)
        })
      },
      // A sign-up, a resend, an unverified address corrected in the profile.
      VerificationMailRequested: async ({ id, payload, occurredAt }) => {
        const user = await findUserByEmail(db, payload.email)
        // Neutral: an unknown or already verified address is mailed nothing.
        if (!user || user.closedAt || user.emailVerifiedAt !== null) return
        await sendMailOnce(app, id, 'verify_email', async () => {
          const link = { requestedAt: occurredAt, now: now() }
          const token = await issueMailedLink(db, user, 'verify_email', link)
          const language = await memberLanguage(app, user.language, payload.language)
          return verificationMail(language, user.email, config.publicUrl, token)
        })
      },
      SignUpForKnownAddress: async ({ id, payload }) => {
        const user = await findUserByEmail(db, payload.email)
        // A deleted account keeps its address for 30 days (issue 40): the same answer, no mail.
        if (!user || user.closedAt) return
        await sendMailOnce(app, id, 'already_have_account', async () =>
          alreadyHaveAccountMail(
            await memberLanguage(app, user.language, payload.language),
            user.email,
            config.publicUrl,
          ),
        )
      },
      PasswordReset: async ({ id, payload }) => {
        const user = await findUserById(db, payload.userId)
        if (!user) return
        await sendMailOnce(app, id, 'password_reset_done', async () =>
          passwordChangedMail(
            await memberLanguage(app, user.language),
            user.email,
            config.publicUrl,
          ),
        )
      },
      PasswordChanged: async ({ id, payload }) => {
        const user = await findUserById(db, payload.userId)
        if (!user) return
        await sendMailOnce(app, id, 'password_changed', async () =>
          passwordChangedInAccountMail(
            await memberLanguage(app, user.language),
            user.email,
            config.publicUrl,
          ),
        )
      },
      // Issue 39: one event per new device; the address in force now (a pending change has not
      // moved it). Marked told once the mail went out.
      NewDeviceSignedIn: async ({ id, payload, occurredAt }) => {
        const user = await findUserById(db, payload.userId)
        if (!user) return
        await sendMailOnce(app, id, 'new_device', async () =>
          newDeviceMail(
            await memberLanguage(app, user.language),
            user.email,
            payload.device,
            occurredAt,
            config.publicUrl,
          ),
        )
        await markNewDeviceNotified(db, payload.knownDeviceId, now())
      },
      // Another way into the account, or one gone: told like a password change.
      SocialIdentityLinked: async ({ id, payload }) => {
        const user = await findUserById(db, payload.userId)
        if (!user || user.closedAt) return
        await sendMailOnce(app, id, 'sign_in_linked', async () =>
          signInLinkedMail(
            await memberLanguage(app, user.language),
            user.email,
            payload.provider,
            config.publicUrl,
          ),
        )
      },
      SocialIdentityUnlinked: async ({ id, payload }) => {
        const user = await findUserById(db, payload.userId)
        if (!user || user.closedAt) return
        await sendMailOnce(app, id, 'sign_in_unlinked', async () =>
          signInUnlinkedMail(
            await memberLanguage(app, user.language),
            user.email,
            payload.provider,
            config.publicUrl,
          ),
        )
      },
    },
  }
}
