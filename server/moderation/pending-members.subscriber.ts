import type { FastifyInstance } from 'fastify'
import type { Subscriber } from '../events/subscriber'
import { memberLanguage } from '../i18n/language'
import { sendMailOnce } from '../mail/send-once'
import { membershipApprovedMail, membershipRejectedMail } from '../mail/templates'
import type { Notifier } from '../notifications/notifier'
import { findUserById } from '../users/users.repository'

export const MEMBERSHIP_APPROVED_TITLE = 'Welcome: your account was approved'
export const MEMBERSHIP_APPROVED_MESSAGE =
  'A moderator approved your account. You can now pray with the community.'

/**
 * Issue 38: a member hears of a moderator's decision on their account. Approved: an in-app
 * notification (the bell, and a push where they allowed it) and a mail; rejected: a mail only,
 * the account being gone. The notification's key is the event, and the mail is sent once per
 * event (sendMailOnce: mail that must arrive), so a repeated delivery tells the member once.
 */
export function pendingMembersSubscriber(app: FastifyInstance, notifier: Notifier): Subscriber {
  const { db, config } = app.deps
  return {
    name: 'membership',
    on: {
      MembershipApproved: async ({ id, payload }) => {
        const user = await findUserById(db, payload.userId)
        if (!user || user.pendingSince !== null) return
        await notifier.raise({
          dedupeKey: `approved:${id}`,
          userId: user.id,
          type: 'MembershipApproved',
          title: MEMBERSHIP_APPROVED_TITLE,
          message: MEMBERSHIP_APPROVED_MESSAGE,
        })
        await sendMailOnce(app, id, 'membership_approved', async () =>
          membershipApprovedMail(
            await memberLanguage(app, user.language),
            user.email,
            config.publicUrl,
          ),
        )
      },
      MembershipRejected: async ({ id, payload }) => {
        await sendMailOnce(app, id, 'membership_rejected', async () =>
          membershipRejectedMail(await memberLanguage(app, payload.language), payload.email),
        )
      },
    },
  }
}
