import { and, eq, isNotNull, isNull } from 'drizzle-orm'
import type { Database } from '../db/client'
import { usersTable } from './users.table'

// Issue 46: whom optional mail (digests, activity, reminders) may go to: a verified address on
// an open, approved account. Asked by server/digests/, which never reads the users table.

export interface MailRecipient {
  userId: string
  email: string
  /** The member's own choice (users.language), or null. */
  language: string | null
}

const reachable = and(
  isNotNull(usersTable.emailVerifiedAt),
  isNull(usersTable.closedAt),
  isNull(usersTable.pendingSince),
)

const columns = {
  userId: usersTable.id,
  email: usersTable.email,
  language: usersTable.language,
}

/** Every member optional mail may reach: one statement however many (a digest's audience). */
export function mailRecipients(db: Database): Promise<MailRecipient[]> {
  return db.select(columns).from(usersTable).where(reachable)
}

/** The member, if optional mail may reach them now (re-read when each mail is sent). */
export async function mailRecipient(db: Database, userId: string): Promise<MailRecipient | null> {
  const [row] = await db
    .select(columns)
    .from(usersTable)
    .where(and(eq(usersTable.id, userId), reachable))
  return row ?? null
}
