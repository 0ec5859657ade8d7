import type { FastifyInstance } from 'fastify'
import { verificationMail } from '../mail/templates'
import type { UserRow } from '../users/users.table'
import { issueToken, revokeTokens } from './auth-tokens'

/**
 * Mails a fresh verification link; older links stop working so only the newest mail counts.
 * Not awaited by callers' answers: a slow mail server must neither delay nor fail the call,
 * and the answer's timing must not tell whether an account exists.
 */
export async function sendVerificationLink(
  app: FastifyInstance,
  user: Pick<UserRow, 'id' | 'email'>,
) {
  const { db, config, now } = app.deps
  await revokeTokens(db, user.id, 'verify_email', now())
  const token = await issueToken(db, {
    userId: user.id,
    email: user.email,
    purpose: 'verify_email',
    now: now(),
  })
  deliver(app, verificationMail(user.email, config.publicUrl, token))
}

/** Sends in the background; a failure is logged (without the address) rather than lost silently. */
export function deliver(
  app: FastifyInstance,
  mail: Parameters<FastifyInstance['mailer']['send']>[0],
) {
  app.mailer
    .send(mail)
    .catch((error: unknown) =>
      app.log.error({ err: error, subject: mail.subject }, 'mail not sent'),
    )
}
