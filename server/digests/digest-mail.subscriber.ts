import type { FastifyInstance } from 'fastify'
import type { Subscriber } from '../events/subscriber'
import { sendMailOnce } from '../mail/send-once'
import { dailyDigestMail, weeklyDigestMail } from './digest-mails'
import type { MailContext } from './mail-context'

/**
 * Issue 46: each DigestDue becomes at most one mail (sendMailOnce: a repeated delivery finds it
 * sent), built when it is sent from what is true then: nothing when the member read it all in
 * the meantime, turned the digest off, or left.
 */
export function digestMailSubscriber(app: FastifyInstance, context: MailContext): Subscriber {
  return {
    name: 'digest-mail',
    on: {
      DigestDue: async (event) => {
        const { userId, digest, from, to } = event.payload
        const window = { from: new Date(from), to: new Date(to) }
        await sendMailOnce(
          app,
          event.id,
          digest === 'daily' ? 'daily_digest' : 'weekly_digest',
          () =>
            digest === 'daily'
              ? dailyDigestMail(context, userId, window)
              : weeklyDigestMail(context, userId, window),
        )
      },
    },
  }
}
