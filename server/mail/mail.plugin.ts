import { join } from 'node:path'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { createDevMailbox, DevMailSchema } from './dev-mailbox'
import type { Mailer } from './mailer'
import { sentAsCommunity } from './community-mail'
import { queuedMailer } from './mail-queue'
import { createSmtpMailer } from './smtp-mailer'

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer
  }
}

/**
 * SMTP_URL set: real mail. Unset outside production: the dev mailbox, listed at GET /__dev/mail.
 * Production without SMTP refuses to start: a community whose reset mails vanish is broken.
 */
export const mailPlugin = fp<{ communityName: () => Promise<string> }>(
  async (app: FastifyInstance, { communityName }) => {
    const { config, now } = app.deps
    // Issue 46: every mail waits its turn under MAIL_RATE_PER_SECOND (mail-queue.ts).
    const queued = (mailer: Mailer) =>
      sentAsCommunity(queuedMailer(mailer, { perSecond: config.mailRatePerSecond }), communityName)
    if (config.smtpUrl) {
      app.decorate('mailer', queued(createSmtpMailer(config.smtpUrl, config.mailFrom)))
      return
    }
    if (config.appEnv === 'production') throw new Error('SMTP_URL is required in production')
    // Tests keep mail in memory so parallel test files never share a mailbox.
    const file = config.appEnv === 'test' ? null : join(config.dataDir, 'mailbox.json')
    const mailbox = createDevMailbox({
      file,
      logger: app.log,
      now,
      announce: config.appEnv === 'development',
    })
    app.decorate('mailer', queued(mailbox))
    app.withTypeProvider<ZodTypeProvider>().get(
      '/__dev/mail',
      {
        config: { public: true },
        schema: { hide: true, response: { 200: z.array(DevMailSchema) } },
      },
      () => mailbox.list(),
    )
  },
  { name: 'mail' },
)
