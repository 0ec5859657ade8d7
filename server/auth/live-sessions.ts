import { gt, sql, type SQL, type SQLWrapper } from 'drizzle-orm'
import { sessionsTable } from './sessions.table'
import { outer } from '../db/outer-column'

// What notifications ask of the sessions: a device hears pushes while its sign-in lasts, and
// they never read sessions.table.ts themselves (server-tables-are-private).

/** True (as SQL) when the session `sessionId` names exists and has not expired at `at`. */
export function sessionIsLive(sessionId: SQLWrapper, at: Date): SQL {
  return sql`exists (select 1 from ${sessionsTable} where ${sessionsTable.id} = ${outer(sessionId)} and ${gt(sessionsTable.expiresAt, at)})`
}
