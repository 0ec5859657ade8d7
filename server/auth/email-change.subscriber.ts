import type { FastifyInstance } from 'fastify'
import type { Subscriber } from '../events/subscriber'
import { memberLanguage } from '../i18n/language'
import { sendMailOnce } from '../mail/send-once'
import { addressTakenMail, confirmNewEmailMail, emailChangeNoticeMail } from '../mail/templates'
import { findUserByEmail, findUserById } from '../users/users.repository'
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
        // Both links are the member's, in their language; the owner of a taken address, in theirs.
        const language = await memberLanguage(app, (await findUserById(db, userId))?.language)
        for (const link of await requestedLinks(db, userId, occurredAt, now())) {
          if (link.purpose === 'change_email')
            await sendMailOnce(app, id, 'confirm_new_email', async () => {
              if (await emailTakenByOther(db, link.email, userId)) {
                const owner = await findUserByEmail(db, link.email)
                const theirs = await memberLanguage(app, owner?.language)
                return addressTakenMail(theirs, link.email, config.publicUrl)
              }
              const token = await drawLinkToken(db, link.id)
              return token === null
                ? null
                : confirmNewEmailMail(language, link.email, config.publicUrl, token)
            })
          else
            await sendMailOnce(app, id, 'email_change_notice', async () => {
              const newAddress = await pendingEmail(db, userId, now())
              if (newAddress === null) return null
              const token = await drawLinkToken(db, link.id)
              return token === null
                ? null
                : emailChangeNoticeMail(language, link.email, newAddress, config.publicUrl, token)
            })
        }
      },
    },
  }
}
