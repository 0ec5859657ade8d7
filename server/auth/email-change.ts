import { and, desc, eq, gt, gte, inArray, isNull } from 'drizzle-orm'
import { randomUUID } from 'node:crypto'
import type { Config } from '../config'
import type { Database } from '../db/client'
import { recordEvent } from '../events/record-event'
import { moveEmail } from '../users/users.service'
import type { UserRow } from '../users/users.repository'
import { consumeToken, issueToken, revokeTokens, TOKEN_LIFETIME_MS } from './auth-tokens'
import { hashToken, newToken } from './session-token'
import { deleteUserSessions } from './sessions'
import { socialIdentitiesTable } from './social/identities.table'
import { authTokensTable, type TokenPurpose } from './tokens.table'

// Issue 37: a verified address changes in two steps. The request stores two links before any
// mail goes out: `change_email` for the new address (the pending change) and
// `undo_email_change` for the old one (7 days). Their hashes start as `unsent:…`, which no token
// hashes to (SHA-256 is hex), so neither works until the subscriber draws the real token and
// mails it (email-change.subscriber.ts): the mail follows the committed write, once.
const UNSENT = 'unsent:'
const EMAIL_CHANGE_PURPOSES: TokenPurpose[] = ['change_email', 'undo_email_change']

function unsentLink(userId: string, email: string, purpose: TokenPurpose, now: Date) {
  return {
    userId,
    email,
    purpose,
    tokenHash: `${UNSENT}${randomUUID()}`,
    expiresAt: new Date(now.getTime() + TOKEN_LIFETIME_MS[purpose]),
    createdAt: now,
  }
}

/**
 * Records the change in the caller's transaction (with the profile it came with): the old
 * address stays in force; an earlier pending change is replaced.
 */
export async function requestEmailChange(
  tx: Database,
  { user, to, now }: { user: Pick<UserRow, 'id' | 'email'>; to: string; now: Date },
) {
  await revokeTokens(tx, user.id, 'change_email', now)
  await tx
    .insert(authTokensTable)
    .values([
      unsentLink(user.id, to, 'change_email', now),
      unsentLink(user.id, user.email, 'undo_email_change', now),
    ])
  await recordEvent(
    tx,
    { type: 'EmailChangeRequested', payload: { userId: user.id } },
    { occurredAt: now },
  )
}

/** The address waiting for its link, if any (the profile shows it). */
export async function pendingEmail(db: Database, userId: string, now: Date) {
  const [row] = await db
    .select({ email: authTokensTable.email })
    .from(authTokensTable)
    .where(
      and(
        eq(authTokensTable.userId, userId),
        eq(authTokensTable.purpose, 'change_email'),
        isNull(authTokensTable.usedAt),
        gt(authTokensTable.expiresAt, now),
      ),
    )
    .orderBy(desc(authTokensTable.createdAt))
    .limit(1)
  return row?.email ?? null
}

/**
 * The links a request recorded (created at the request's time, still usable), for its
 * subscriber to mail: `change_email` to the new address, `undo_email_change` to the old one.
 */
export async function requestedLinks(db: Database, userId: string, requestedAt: Date, now: Date) {
  return db
    .select({
      id: authTokensTable.id,
      purpose: authTokensTable.purpose,
      email: authTokensTable.email,
    })
    .from(authTokensTable)
    .where(
      and(
        eq(authTokensTable.userId, userId),
        inArray(authTokensTable.purpose, EMAIL_CHANGE_PURPOSES),
        eq(authTokensTable.createdAt, requestedAt),
        isNull(authTokensTable.usedAt),
        gt(authTokensTable.expiresAt, now),
      ),
    )
}

/**
 * Gives a link its real token, for the mail about to carry it; null when it was spent or
 * revoked meanwhile. A retried mail draws a new one: its first try's token was never mailed.
 */
export async function drawLinkToken(db: Database, linkId: string) {
  const token = newToken()
  const [drawn] = await db
    .update(authTokensTable)
    .set({ tokenHash: hashToken(token) })
    .where(and(eq(authTokensTable.id, linkId), isNull(authTokensTable.usedAt)))
    .returning({ id: authTokensTable.id })
  return drawn ? token : null
}

// Links mailed to an address the account no longer uses must not act for it.
async function revokeAddressLinks(db: Database, userId: string, now: Date) {
  for (const purpose of ['verify_email', 'reset_password', 'change_email'] as const)
    await revokeTokens(db, userId, purpose, now)
}

/** The new address's link: it becomes the account's address, verified, with its roles. */
export async function confirmEmailChange(
  db: Database,
  config: Config,
  token: string,
  now: Date,
): Promise<UserRow | null> {
  const link = await consumeToken(db, token, 'change_email', now)
  if (!link) return null
  const user = await moveEmail(db, config, { userId: link.userId, email: link.email, now })
  if (user) await revokeAddressLinks(db, user.id, now)
  return user
}

/**
 * The old address's link (7 days): restores it, cancels a change still pending, unlinks the
 * providers linked since, ends every session (whoever changed the address is signed out) and
 * returns a reset token, so the owner chooses a new password at once: whoever made the change
 * knew the old one.
 */
export async function undoEmailChange(
  db: Database,
  config: Config,
  token: string,
  now: Date,
): Promise<string | null> {
  const link = await consumeToken(db, token, 'undo_email_change', now)
  if (!link) return null
  const user = await moveEmail(db, config, { userId: link.userId, email: link.email, now })
  if (!user) return null
  await revokeAddressLinks(db, user.id, now)
  // A later change's undo link would hand the account back to the address just removed.
  await revokeTokens(db, user.id, 'undo_email_change', now)
  // A provider linked since the change may be the changer's: it would sign them straight back in.
  await db
    .delete(socialIdentitiesTable)
    .where(
      and(
        eq(socialIdentitiesTable.userId, user.id),
        gte(socialIdentitiesTable.createdAt, link.issuedAt),
      ),
    )
  await deleteUserSessions(db, { userId: user.id, now })
  return issueToken(db, { userId: user.id, email: user.email, purpose: 'reset_password', now })
}
