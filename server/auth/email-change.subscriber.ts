import type { FastifyInstance } from 'fastify'
import type { Subscriber } from '../events/subscriber'
import { sendMailOnce } from '../mail/send-once'
import { addressTakenMail, confirmNewEmailMail, emailChangeNoticeMail } from '../mail/templates'
import { emailTakenByOther } from '../users/users.service'
import { drawLinkToken, pendingEmail, requestedLinks } from './email-change'

/**
 * Mails an email change's two links after the write committed (issue 37): the confirmation to
 * the new address, and to the old one the notice with its undo link. A new address another
 * account has gets no link but a word to its owner (issue 39: the asker's answer did not tell).
 * Mail that must arrive (docs/events.md): awaited, retried, each sent once per request.
 */
export function emailChangeSubscriber(app: FastifyInstance): Subscriber {
  const { db, config, now } = app.deps
  return {
    name: 'email-change-mail',
    on: {
      EmailChangeRequested: async ({ id, payload, occurredAt }) => {
        const { userId } = payload
        for (const link of await requestedLinks(db, userId, occurredAt, now())) {
          if (link.purpose === 'change_email')
            await sendMailOnce(app, id, 'confirm_new_email', async () => {
              if (await emailTakenByOther(db, link.email, userId))
                return addressTakenMail(link.email, config.publicUrl)
              const token = await drawLinkToken(db, link.id)
              return token === null
                ? null
                : confirmNewEmailMail(link.email, config.publicUrl, token)
            })
          else
            await sendMailOnce(app, id, 'email_change_notice', async () => {
              const newAddress = await pendingEmail(db, userId, now())
              if (newAddress === null) return null
              const token = await drawLinkToken(db, link.id)
              return token === null
                ? null
                : emailChangeNoticeMail(link.email, newAddress, config.publicUrl, token)
            })
        }
      },
    },
  }
}
