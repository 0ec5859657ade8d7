import { createTransport } from 'nodemailer'
import type { Mailer } from './mailer'

// "Name <address>" or a bare address (MAIL_FROM).
const addressOf = (from: string) => /<([^>]+)>\s*$/.exec(from)?.[1] ?? from.trim()

export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = createTransport(smtpUrl)
  return {
    async send(mail) {
      await transport.sendMail({
        // nodemailer quotes and encodes the name (a comma, an accent) as the header needs.
        from: mail.fromName ? { name: mail.fromName, address: addressOf(from) } : from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
      })
    },
  }
}
