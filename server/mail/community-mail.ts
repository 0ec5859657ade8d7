import { COMMUNITY_DEFAULTS } from '@contract/community-defaults'
import type { Mail, Mailer } from './mailer'

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

/**
 * A mail as the community sends it (issue 38): the templates name the product, as its default
 * settings do; each mail names the community instead, in its subject, words and signature, and
 * is sent under its name (the address stays MAIL_FROM's).
 */
export function communityMail(mail: Mail, name: string): Mail {
  const product = COMMUNITY_DEFAULTS.name
  return {
    ...mail,
    fromName: name,
    subject: mail.subject.split(product).join(name),
    text: mail.text.split(product).join(name),
    html: mail.html.split(product).join(escapeHtml(name)),
  }
}

/** Every mail of `mailer` under the community's name as it is when the mail is sent. */
export function sentAsCommunity(mailer: Mailer, communityName: () => Promise<string>): Mailer {
  return {
    async send(mail) {
      await mailer.send(communityMail(mail, await communityName()))
    },
  }
}
