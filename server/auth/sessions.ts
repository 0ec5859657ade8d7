import { and, eq, gt, lte, ne, sql } from 'drizzle-orm'
import type { Database } from '../db/client'
import { preparedOnce } from '../db/prepared-once'
import { recordEvent } from '../events/record-event'
import { usersTable } from '../users/users.table'
import { hashToken, newToken } from './session-token'
import { sessionsTable } from './sessions.table'
import { totpCredentialsTable } from './two-step/two-step.table'
import { rolesInForce, type Viewer } from './viewer'

const DAY_MS = 24 * 60 * 60 * 1000
// Sliding expiry (DESIGN §5): a remembered session lives 30 days past its last use; a browser
// session (rememberMe off) one day, in case the browser restores its cookies.
export const PERSISTENT_SESSION_MS = 30 * DAY_MS
export const BROWSER_SESSION_MS = DAY_MS
// Beside the sliding expiry, an absolute one (DESIGN §5, issue 37): a session used every day
// still ends this long after sign-in, so a stolen token does not live for ever.
export const ABSOLUTE_SESSION_MS = 90 * DAY_MS
// Extending on every request would make each read a write; once per few minutes is enough.
const SLIDE_AFTER_MS = 5 * 60 * 1000

/** When a session used at `now` expires: its idle limit, never past its absolute end. */
function expiryAt(session: { createdAt: Date; persistent: boolean }, now: Date) {
  const idle = now.getTime() + (session.persistent ? PERSISTENT_SESSION_MS : BROWSER_SESSION_MS)
  return new Date(Math.min(idle, session.createdAt.getTime() + ABSOLUTE_SESSION_MS))
}

/** A remembered session's cookie lasts as long as the session, so never past its end. */
function cookieMaxAgeSeconds(persistent: boolean, expiresAt: Date, now: Date) {
  return persistent ? Math.floor((expiresAt.getTime() - now.getTime()) / 1000) : null
}

export interface NewSession {
  token: string
  sessionId: string
  /** Cookie Max-Age: null for a browser-session cookie. */
  maxAgeSeconds: number | null
}

export async function createSession(
  db: Database,
  input: {
    userId: string
    persistent: boolean
    userAgent: string | undefined
    now: Date
    /** Issue 39: the sign-in proved two factors (a passkey). */
    secondFactor?: boolean
  },
): Promise<NewSession> {
  const token = newToken()
  const expiresAt = expiryAt({ createdAt: input.now, persistent: input.persistent }, input.now)
  const [row] = await db
    .insert(sessionsTable)
    .values({
      userId: input.userId,
      tokenHash: hashToken(token),
      persistent: input.persistent,
      expiresAt,
      createdAt: input.now,
      lastUsedAt: input.now,
      userAgent: input.userAgent?.slice(0, 512) ?? null,
      secondFactorAt: input.secondFactor ? input.now : null,
    })
    .returning({ id: sessionsTable.id })
  return {
    token,
    sessionId: row!.id,
    maxAgeSeconds: cookieMaxAgeSeconds(input.persistent, expiresAt, input.now),
  }
}

export interface SessionLookup {
  viewer: Viewer
  /**
   * Issue 39: the member has two-step sign-in on and this session has not yet proved the second
   * factor (a password or provider sign-in half done): it may only finish it or sign out.
   */
  awaitingSecondFactor: boolean
  /** Set when the expiry just slid: a remembered cookie gets a fresh Max-Age. */
  renewedMaxAgeSeconds: number | null
}

// Prepared once per database: the lookup runs on every request, and a named statement skips
// parsing and planning each time.
const SESSION_LOOKUP = 'session_lookup'

function prepareLookup(db: Database) {
  return db
    .select({
      sessionId: sessionsTable.id,
      persistent: sessionsTable.persistent,
      createdAt: sessionsTable.createdAt,
      lastUsedAt: sessionsTable.lastUsedAt,
      expiresAt: sessionsTable.expiresAt,
      userId: usersTable.id,
      displayName: usersTable.displayName,
      roles: usersTable.roles,
      emailVerifiedAt: usersTable.emailVerifiedAt,
      profileCompletedAt: usersTable.profileCompletedAt,
      suspendedUntil: usersTable.suspendedUntil,
      pendingSince: usersTable.pendingSince,
      secondFactorAt: sessionsTable.secondFactorAt,
      twoStepSince: totpCredentialsTable.confirmedAt,
    })
    .from(sessionsTable)
    .innerJoin(usersTable, eq(usersTable.id, sessionsTable.userId))
    .leftJoin(totpCredentialsTable, eq(totpCredentialsTable.userId, sessionsTable.userId))
    .where(
      and(
        eq(sessionsTable.tokenHash, sql.placeholder('tokenHash')),
        gt(sessionsTable.expiresAt, sql.placeholder('now')),
        // Rows from before the absolute end was written into expires_at have only this to stop them.
        gt(sessionsTable.createdAt, sql.placeholder('createdAfter')),
      ),
    )
    .limit(1)
    .prepare(SESSION_LOOKUP)
}

/** A live session joined to its user: what the session plugin may keep for a few seconds. */
export type SessionRow = Awaited<ReturnType<ReturnType<typeof prepareLookup>['execute']>>[number]

/** One indexed query joined to the user; a session whose time is up counts as none. */
export async function lookupSession(
  db: Database,
  tokenHash: string,
  now: Date,
): Promise<SessionRow | null> {
  const lookup = preparedOnce(db, SESSION_LOOKUP, () => prepareLookup(db))
  const createdAfter = new Date(now.getTime() - ABSOLUTE_SESSION_MS)
  const [row] = await lookup.execute({
    tokenHash,
    now: now.toISOString(),
    createdAfter: createdAfter.toISOString(),
  })
  return row ?? null
}

/** The viewer of a live session; slides its expiry when due (and updates `row` to match). */
export async function viewerOfSession(
  db: Database,
  row: SessionRow,
  now: Date,
): Promise<SessionLookup> {
  let renewedMaxAgeSeconds: number | null = null
  if (now.getTime() - row.lastUsedAt.getTime() >= SLIDE_AFTER_MS) {
    const expiresAt = expiryAt(row, now)
    await db
      .update(sessionsTable)
      .set({ lastUsedAt: now, expiresAt })
      .where(eq(sessionsTable.id, row.sessionId))
    row.lastUsedAt = now
    row.expiresAt = expiresAt
    renewedMaxAgeSeconds = cookieMaxAgeSeconds(row.persistent, expiresAt, now)
  }
  const secondFactor = row.secondFactorAt !== null
  return {
    viewer: {
      userId: row.userId,
      sessionId: row.sessionId,
      displayName: row.displayName,
      ...rolesInForce(row.roles, secondFactor),
      emailVerified: row.emailVerifiedAt !== null,
      hasProfile: row.profileCompletedAt !== null,
      suspendedUntil: row.suspendedUntil,
      pending: row.pendingSince !== null,
    },
    awaitingSecondFactor: row.twoStepSince !== null && !secondFactor,
    renewedMaxAgeSeconds,
  }
}

/**
 * The session of a cookie's token, read from the database (the hub's re-checks use this); one
 * still awaiting its second factor counts as none.
 */
export async function findSession(
  db: Database,
  token: string,
  now: Date,
): Promise<SessionLookup | null> {
  const row = await lookupSession(db, hashToken(token), now)
  const found = row ? await viewerOfSession(db, row, now) : null
  return found && !found.awaitingSecondFactor ? found : null
}

export async function deleteSession(db: Database, sessionId: string) {
  await db.delete(sessionsTable).where(eq(sessionsTable.id, sessionId))
}

// An ended session must leave the hub too: SessionEnded makes every process re-check its
// connections (server/notifications/live-updates.subscriber.ts).
async function recordSessionEnded(tx: Database, userId: string, now: Date) {
  await recordEvent(tx, { type: 'SessionEnded', payload: { userId } }, { occurredAt: now })
}

/** Sign-out. */
export async function deleteSessionByToken(db: Database, token: string, now: Date) {
  await db.transaction(async (tx) => {
    const [ended] = await tx
      .delete(sessionsTable)
      .where(eq(sessionsTable.tokenHash, hashToken(token)))
      .returning({ userId: sessionsTable.userId })
    if (ended) await recordSessionEnded(tx, ended.userId, now)
  })
}

/** A password reset signs out every session of the user (DESIGN §5), but the one given. */
export async function deleteUserSessions(
  db: Database,
  { userId, now, keepSessionId }: { userId: string; now: Date; keepSessionId?: string },
) {
  await db.transaction(async (tx) => {
    const ended = await tx
      .delete(sessionsTable)
      .where(
        and(
          eq(sessionsTable.userId, userId),
          keepSessionId ? ne(sessionsTable.id, keepSessionId) : sql`true`,
        ),
      )
      .returning({ id: sessionsTable.id })
    if (ended.length > 0) await recordSessionEnded(tx, userId, now)
  })
}

export async function deleteExpiredSessions(db: Database, now: Date) {
  await db.delete(sessionsTable).where(lte(sessionsTable.expiresAt, now))
}
