/** One message as the templates build it: plain text first, simple HTML beside it. */
export interface Mail {
  to: string
  subject: string
  text: string
  html: string
  /** The links in the mail, listed so the dev mailbox and tests need not parse bodies. */
  links: string[]
  /** The sender's display name (the community's, community-mail.ts); MAIL_FROM's otherwise. */
  fromName?: string
  /** Set for mail that must arrive (send-once.ts): the same on a retried send, so it is one mail. */
  messageId?: string
  /** More headers (issue 46: List-Unsubscribe and List-Unsubscribe-Post on optional mail). */
  headers?: Record<string, string>
  /**
   * Issue 46: mail nobody waits for (digests, activity, reminders) goes after any mail a member
   * is waiting for (a reset link) in the sending queue (mail-queue.ts).
   */
  bulk?: boolean
}

/** Where mail goes: SMTP in production, the dev mailbox otherwise (DESIGN §2). */
export interface Mailer {
  send(mail: Mail): Promise<void>
}
