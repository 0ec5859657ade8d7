import { and, eq, gt, isNull } from 'drizzle-orm'
import type { Database } from '../db/client'
import { hashToken, newToken } from './session-token'
import { authTokensTable, type TokenPurpose } from './tokens.table'

const HOUR_MS = 60 * 60 * 1000
// DESIGN §5: 24 h to confirm an email, 1 h to reset a password; issue 37: 7 days to undo a change.
export const TOKEN_LIFETIME_MS: Record<TokenPurpose, number> = {
  verify_email: 24 * HOUR_MS,
  reset_password: HOUR_MS,
  change_email: 24 * HOUR_MS,
  undo_email_change: 7 * 24 * HOUR_MS,
}

export async function issueToken(
  db: Database,
  input: { userId: string; email: string; purpose: TokenPurpose; now: Date },
): Promise<string> {
  const token = newToken()
  await db.insert(authTokensTable).values({
    userId: input.userId,
    email: input.email,
    purpose: input.purpose,
    tokenHash: hashToken(token),
    expiresAt: new Date(input.now.getTime() + TOKEN_LIFETIME_MS[input.purpose]),
    createdAt: input.now,
  })
  return token
}

function usable(token: string, purpose: TokenPurpose, now: Date) {
  return and(
    eq(authTokensTable.tokenHash, hashToken(token)),
    eq(authTokensTable.purpose, purpose),
    isNull(authTokensTable.usedAt),
    gt(authTokensTable.expiresAt, now),
  )
}

export interface TokenOwner {
  userId: string
  email: string
}

/** Whether the link still works, without spending it (the reset page checks on load). */
export async function peekToken(
  db: Database,
  token: string,
  purpose: TokenPurpose,
  now: Date,
): Promise<TokenOwner | null> {
  const [row] = await db
    .select({ userId: authTokensTable.userId, email: authTokensTable.email })
    .from(authTokensTable)
    .where(usable(token, purpose, now))
    .limit(1)
  return row ?? null
}

/** Spends the token: one UPDATE, so two clicks racing cannot both succeed. */
export async function consumeToken(
  db: Database,
  token: string,
  purpose: TokenPurpose,
  now: Date,
): Promise<(TokenOwner & { issuedAt: Date }) | null> {
  const [row] = await db
    .update(authTokensTable)
    .set({ usedAt: now })
    .where(usable(token, purpose, now))
    .returning({
      userId: authTokensTable.userId,
      email: authTokensTable.email,
      issuedAt: authTokensTable.createdAt,
    })
  return row ?? null
}

/** Whether a link of this purpose was issued after `since` (a mail already went out for it). */
export async function tokenIssuedAfter(
  db: Database,
  userId: string,
  purpose: TokenPurpose,
  since: Date,
): Promise<boolean> {
  const [row] = await db
    .select({ id: authTokensTable.id })
    .from(authTokensTable)
    .where(
      and(
        eq(authTokensTable.userId, userId),
        eq(authTokensTable.purpose, purpose),
        gt(authTokensTable.createdAt, since),
      ),
    )
    .limit(1)
  return row !== undefined
}

/** A new link makes the older ones of the same purpose useless (only the newest mail works). */
export async function revokeTokens(db: Database, userId: string, purpose: TokenPurpose, now: Date) {
  await db
    .update(authTokensTable)
    .set({ usedAt: now })
    .where(
      and(
        eq(authTokensTable.userId, userId),
        eq(authTokensTable.purpose, purpose),
        isNull(authTokensTable.usedAt),
      ),
    )
}
