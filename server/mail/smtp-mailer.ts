import { createTransport } from 'nodemailer'
import type { Mailer } from './mailer'

// "Name <address>" or a bare address (MAIL_FROM).
const addressOf = (from: string) => /<([^>]+)>\s*$/.exec(from)?.[1] ?? from.trim()

/**
 * The From of a mail: the community's name at MAIL_FROM's address (issue 38); nodemailer quotes
 * and encodes the name (a comma, an accent) as the header needs.
 */
export function sender(from: string, fromName: string | undefined) {
  return fromName ? { name: fromName, address: addressOf(from) } : from
}

export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = createTransport(smtpUrl)
  return {
    async send(mail) {
      await transport.sendMail({
        from: sender(from, mail.fromName),
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        ...(mail.messageId ? { messageId: mail.messageId } : {}),
        ...(mail.headers ? { headers: mail.headers } : {}),
      })
    },
  }
}
