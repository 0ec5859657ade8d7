import { and, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { Mail } from './mailer'
import { sentMailsTable } from './sent-mails.table'

/**
 * The mails sent once per event (docs/events.md "Mail that must arrive"), one per event at most;
 * the digests and activity mails (issue 46) go the same way, each from an event of its own.
 */
export type MailKind =
  | 'verify_email'
  | 'already_have_account'
  | 'reset_password'
  | 'password_reset_done'
  | 'password_changed'
  | 'new_device'
  | 'sign_in_linked'
  | 'sign_in_unlinked'
  | 'confirm_new_email'
  | 'email_change_notice'
  | 'membership_approved'
  | 'membership_rejected'
  | 'data_export_ready'
  // Issue 46: optional mail, one per member and period or per notification (server/digests/).
  | 'daily_digest'
  | 'weekly_digest'
  | 'activity'
  | 'prayer_reminder'
  | 'room_reminder'

/**
 * Sends the mail `compose` builds (null: nothing to send) for a subscriber's event, unless a
 * delivery of that event already sent it; true when this call sent it. Awaited: a failed send
 * fails the delivery, which the events mechanism retries.
 *
 * Why the record is written after the send: written before, a crash between the two would lose
 * the mail for good. After, the only repeat is a crash in the instant between the mail server
 * accepting it and this insert; the repeat carries the same Message-ID (event and kind), by which
 * receivers drop the copy. `compose` runs only when the mail is still to send, so a link is
 * issued only for the mail that carries it.
 */
export async function sendMailOnce(
  app: FastifyInstance,
  eventId: string,
  kind: MailKind,
  compose: () => Promise<Mail | null>,
): Promise<boolean> {
  const { db, config } = app.deps
  const sent = await db
    .select({ kind: sentMailsTable.kind })
    .from(sentMailsTable)
    .where(and(eq(sentMailsTable.eventId, eventId), eq(sentMailsTable.kind, kind)))
    .limit(1)
  if (sent.length > 0) return false
  const mail = await compose()
  if (!mail) return false
  await app.mailer.send({ ...mail, messageId: messageIdOf(eventId, kind, config.publicUrl) })
  await db.insert(sentMailsTable).values({ eventId, kind }).onConflictDoNothing()
  return true
}

/** Stable across retries of one event's mail, unique across events and kinds. */
export function messageIdOf(eventId: string, kind: MailKind, publicUrl: string) {
  return `<${eventId}.${kind}@${new URL(publicUrl).hostname}>`
}
