import { and, desc, eq, gt, ne } from 'drizzle-orm'
import type { AccountSession } from '@contract/account'
import type { Database } from '../../db/client'
import { recordEvent } from '../../events/record-event'
import { ABSOLUTE_SESSION_MS } from '../sessions'
import { sessionsTable } from '../sessions.table'
import { deviceName } from './device-name'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/**
 * Issue 39: the member's live sessions, most recently used first. `session_id` is the row's id,
 * never its token (the database holds only the token's hash): it names a session to sign out
 * and cannot open it. No address or raw user agent leaves the server, only the device's name.
 */
export async function listOwnSessions(
  db: Database,
  { userId, currentSessionId, now }: { userId: string; currentSessionId: string; now: Date },
): Promise<AccountSession[]> {
  const rows = await db
    .select({
      id: sessionsTable.id,
      userAgent: sessionsTable.userAgent,
      createdAt: sessionsTable.createdAt,
      lastUsedAt: sessionsTable.lastUsedAt,
    })
    .from(sessionsTable)
    .where(
      and(
        eq(sessionsTable.userId, userId),
        gt(sessionsTable.expiresAt, now),
        gt(sessionsTable.createdAt, new Date(now.getTime() - ABSOLUTE_SESSION_MS)),
      ),
    )
    .orderBy(desc(sessionsTable.lastUsedAt))
  return rows.map((row) => ({
    session_id: row.id,
    device: deviceName(row.userAgent),
    created_at: row.createdAt.toISOString(),
    last_active_at: row.lastUsedAt.toISOString(),
    current: row.id === currentSessionId,
  }))
}

/**
 * Signs out one of the member's own sessions; false when the id names none of theirs (another
 * member's session answers as a missing one). SessionEnded takes it out of the hub.
 */
export async function endOwnSession(
  db: Database,
  { userId, sessionId, now }: { userId: string; sessionId: string; now: Date },
): Promise<boolean> {
  if (!UUID.test(sessionId)) return false
  return db.transaction(async (tx) => {
    const ended = await tx
      .delete(sessionsTable)
      .where(and(eq(sessionsTable.id, sessionId), eq(sessionsTable.userId, userId)))
      .returning({ id: sessionsTable.id })
    if (ended.length === 0) return false
    await recordEvent(tx, { type: 'SessionEnded', payload: { userId } }, { occurredAt: now })
    return true
  })
}

/** "Sign out all other devices": every session of the member but this one. */
export async function endOtherSessions(
  db: Database,
  { userId, currentSessionId, now }: { userId: string; currentSessionId: string; now: Date },
) {
  await db.transaction(async (tx) => {
    const ended = await tx
      .delete(sessionsTable)
      .where(and(eq(sessionsTable.userId, userId), ne(sessionsTable.id, currentSessionId)))
      .returning({ id: sessionsTable.id })
    if (ended.length > 0)
      await recordEvent(tx, { type: 'SessionEnded', payload: { userId } }, { occurredAt: now })
  })
}
