import type { FastifyInstance } from 'fastify'
import type { Subscriber } from '../events/subscriber'
import { addressTakenMail, confirmNewEmailMail, emailChangeNoticeMail } from '../mail/templates'
import { emailTakenByOther } from '../users/users.service'
import { drawUnsentLinks, pendingEmail } from './email-change'
import { deliver } from './verification'

/**
 * Mails an email change's two links after the write committed (issue 37): the confirmation to
 * the new address, and to the old one the notice with its undo link. A new address another
 * account has gets no link but a word to its owner (issue 39: the asker's answer did not tell).
 */
export function emailChangeSubscriber(app: FastifyInstance): Subscriber {
  const { db, config, now } = app.deps
  return {
    name: 'email-change-mail',
    on: {
      EmailChangeRequested: async ({ payload }) => {
        const links = await drawUnsentLinks(db, payload.userId, now())
        const newAddress = await pendingEmail(db, payload.userId, now())
        for (const link of links) {
          if (link.purpose !== 'change_email') {
            if (newAddress !== null)
              deliver(
                app,
                emailChangeNoticeMail(link.email, newAddress, config.publicUrl, link.token),
              )
          } else if (await emailTakenByOther(db, link.email, payload.userId))
            deliver(app, addressTakenMail(link.email, config.publicUrl))
          else deliver(app, confirmNewEmailMail(link.email, config.publicUrl, link.token))
        }
      },
    },
  }
}
