import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname } from 'node:path'
import type { FastifyBaseLogger } from 'fastify'
import { z } from 'zod'
import type { Mail, Mailer } from './mailer'

export const DevMailSchema = z.object({
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  links: z.array(z.string()),
  fromName: z.optional(z.string()),
  /** Issue 46: the headers a mail server would get beside From, To and Subject. */
  headers: z.record(z.string(), z.string()).default({}),
  sentAt: z.string(),
})
export type DevMail = z.infer<typeof DevMailSchema>

// A local mailbox so sign-up works with no mail server: enough for a developer and for e2e.
const KEEP = 200

export interface DevMailbox extends Mailer {
  /** Newest first. */
  list(): DevMail[]
}

/** What the SMTP mailer would put in the header beside From, To and Subject. */
function headersOf(mail: Mail): Record<string, string> {
  return {
    ...(mail.messageId ? { 'Message-ID': mail.messageId } : {}),
    ...mail.headers,
  }
}

/** `file` null keeps mail in memory (tests); otherwise DATA_DIR/mailbox.json survives restarts. */
export function createDevMailbox(options: {
  file: string | null
  logger: FastifyBaseLogger
  /** Print each mail's subject and links at info (a developer's console), else at debug. */
  announce: boolean
  now: () => Date
}): DevMailbox {
  let mails: DevMail[] = []
  if (options.file) {
    try {
      mails = z.array(DevMailSchema).parse(JSON.parse(readFileSync(options.file, 'utf8')))
    } catch {
      mails = []
    }
  }
  return {
    list: () => mails,
    async send(mail: Mail) {
      const kept: DevMail = {
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        links: mail.links,
        ...(mail.fromName === undefined ? {} : { fromName: mail.fromName }),
        headers: headersOf(mail),
        sentAt: options.now().toISOString(),
      }
      mails = [kept, ...mails].slice(0, KEEP)
      // Dev only: the links are what a developer needs to click; never logged in production.
      const log = options.announce ? options.logger.info : options.logger.debug
      log.call(
        options.logger,
        { subject: mail.subject, links: mail.links },
        'dev mailbox: mail kept',
      )
      if (options.file) {
        mkdirSync(dirname(options.file), { recursive: true })
        writeFileSync(options.file, JSON.stringify(mails, null, 2))
      }
    },
  }
}
