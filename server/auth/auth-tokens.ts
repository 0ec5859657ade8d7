import { and, eq, gt, isNull, lte } from 'drizzle-orm'
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

/**
 * A new link makes the older ones of the same purpose useless (only the newest mail works).
 * `issuedUntil`: only those issued by then (see issueMailedLink).
 */
export async function revokeTokens(
  db: Database,
  userId: string,
  purpose: TokenPurpose,
  now: Date,
  issuedUntil?: Date,
) {
  await db
    .update(authTokensTable)
    .set({ usedAt: now })
    .where(
      and(
        eq(authTokensTable.userId, userId),
        eq(authTokensTable.purpose, purpose),
        isNull(authTokensTable.usedAt),
        issuedUntil ? lte(authTokensTable.createdAt, issuedUntil) : undefined,
      ),
    )
}

/**
 * The link a subscriber mails for a request made at `requestedAt` (a sign-up, a resend, a
 * forgotten password). It ends the links of earlier requests but not those issued since: a
 * retried delivery of this request leaves its first try's link working (that mail may have gone
 * out), and a late delivery does not end a later request's link.
 */
export async function issueMailedLink(
  db: Database,
  user: { id: string; email: string },
  purpose: 'verify_email' | 'reset_password',
  { requestedAt, now }: { requestedAt: Date; now: Date },
) {
  await revokeTokens(db, user.id, purpose, now, requestedAt)
  return issueToken(db, { userId: user.id, email: user.email, purpose, now })
}
