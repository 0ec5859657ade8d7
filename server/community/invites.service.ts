import { createHash, randomBytes } from 'node:crypto'
import { and, desc, eq, gt, isNull, lt, or, sql } from 'drizzle-orm'
import type { JoinMode } from '@contract/community'
import { ErrorCode } from '@contract/errors'
import {
  INVITE_MESSAGES,
  InviteErrorCode,
  InviteErrorMessage,
  type Invite,
  type InviteState,
} from '@contract/invites'
import type { Database } from '../db/client'
import { httpError } from '../errors/problem-error'
import { getDisplayNames } from '../users/users.service'
import { invitesTable, type InviteRow } from './invites.table'

type Executor = Pick<Database, 'insert' | 'select' | 'update'>

const HINT_LENGTH = 4

/** 128 random bits, URL-safe: unguessable, and short enough to read out over the phone. */
function newInviteCode(): string {
  return randomBytes(16).toString('base64url')
}

/** What the database keeps of a code, and what the social sign-in state carries. */
export function hashInviteCode(code: string): string {
  return createHash('sha256').update(code.trim()).digest('hex')
}

/** The link to share: the sign-in page keeps the invite through sign-up and social sign-in. */
export function inviteUrl(publicUrl: string, code: string): string {
  return `${publicUrl.replace(/\/$/, '')}/login?invite=${encodeURIComponent(code)}`
}

export async function createInvite(
  tx: Executor,
  input: { createdBy: string; expiresAt: Date | null; maxUses: number | null; now: Date },
): Promise<{ row: InviteRow; code: string }> {
  if (input.expiresAt && input.expiresAt <= input.now)
    throw httpError(400, ErrorCode.validationError, `expires_at: ${INVITE_MESSAGES.expiresAt}`, [
      { field: 'expires_at', message: INVITE_MESSAGES.expiresAt },
    ])
  const code = newInviteCode()
  const [row] = await tx
    .insert(invitesTable)
    .values({
      codeHash: hashInviteCode(code),
      codeHint: code.slice(0, HINT_LENGTH),
      createdBy: input.createdBy,
      createdAt: input.now,
      expiresAt: input.expiresAt,
      maxUses: input.maxUses,
    })
    .returning()
  return { row: row!, code }
}

function stateOf(row: InviteRow, now: Date): InviteState {
  if (row.revokedAt) return 'revoked'
  if (row.expiresAt && row.expiresAt <= now) return 'expired'
  if (row.maxUses !== null && row.uses >= row.maxUses) return 'used_up'
  return 'active'
}

function toInvite(row: InviteRow, names: Map<string, string>, now: Date): Invite {
  return {
    invite_id: row.id,
    code_hint: row.codeHint,
    created_at: row.createdAt.toISOString(),
    created_by: row.createdBy ? (names.get(row.createdBy) ?? null) : null,
    expires_at: row.expiresAt?.toISOString() ?? null,
    max_uses: row.maxUses,
    uses: row.uses,
    revoked_at: row.revokedAt?.toISOString() ?? null,
    state: stateOf(row, now),
  }
}

async function present(db: Database, rows: InviteRow[], now: Date): Promise<Invite[]> {
  const names = await getDisplayNames(
    db,
    rows.flatMap((row) => (row.createdBy ? [row.createdBy] : [])),
  )
  return rows.map((row) => toInvite(row, names, now))
}

// A community hands out a handful of links; the newest hundred is more than any screen needs.
const LIST_LIMIT = 100

export async function listInvites(db: Database, now: Date): Promise<Invite[]> {
  const rows = await db
    .select()
    .from(invitesTable)
    .orderBy(desc(invitesTable.createdAt), desc(invitesTable.id))
    .limit(LIST_LIMIT)
  return present(db, rows, now)
}

export async function getInvite(db: Database, id: string, now: Date): Promise<Invite | null> {
  const [row] = await db.select().from(invitesTable).where(eq(invitesTable.id, id))
  return row ? ((await present(db, [row], now))[0] ?? null) : null
}

/** Revokes once: a second revoke changes nothing (false), so it writes no audit entry. */
export async function revokeInvite(tx: Executor, id: string, now: Date): Promise<boolean> {
  const changed = await tx
    .update(invitesTable)
    .set({ revokedAt: now })
    .where(and(eq(invitesTable.id, id), isNull(invitesTable.revokedAt)))
    .returning({ id: invitesTable.id })
  return changed.length > 0
}

function refused(code: InviteErrorCode) {
  return httpError(403, code, InviteErrorMessage[code])
}

/**
 * Takes one use of the invite whose code hashes to `codeHash`, in the caller's transaction (the
 * account's insert): one conditional UPDATE, so two sign-ups racing for the last use cannot both
 * get it, and a sign-up that fails later gives its use back with the rollback. Throws the 403
 * that says why a code cannot be used.
 */
export async function consumeInvite(tx: Executor, codeHash: string | null, now: Date) {
  if (codeHash === null) throw refused(InviteErrorCode.required)
  const [used] = await tx
    .update(invitesTable)
    .set({ uses: sql`${invitesTable.uses} + 1` })
    .where(
      and(
        eq(invitesTable.codeHash, codeHash),
        isNull(invitesTable.revokedAt),
        or(isNull(invitesTable.expiresAt), gt(invitesTable.expiresAt, now)),
        or(isNull(invitesTable.maxUses), lt(invitesTable.uses, invitesTable.maxUses)),
      ),
    )
    .returning({ id: invitesTable.id })
  if (used) return
  await refuseUnusable(tx, codeHash, now)
  // Usable a moment ago: another sign-up took its last use meanwhile.
  throw refused(InviteErrorCode.usedUp)
}

/**
 * Throws the 403 that says why the code cannot be used, if it cannot. Email sign-up asks before
 * it looks the address up, so that an existing address and a new one get the same answer.
 */
export async function refuseUnusable(
  tx: Pick<Database, 'select'>,
  codeHash: string | null,
  now: Date,
) {
  if (codeHash === null) throw refused(InviteErrorCode.required)
  const [row] = await tx.select().from(invitesTable).where(eq(invitesTable.codeHash, codeHash))
  if (!row) throw refused(InviteErrorCode.unknown)
  const state = stateOf(row, now)
  if (state === 'active') return
  throw refused(
    state === 'revoked'
      ? InviteErrorCode.revoked
      : state === 'expired'
        ? InviteErrorCode.expired
        : InviteErrorCode.usedUp,
  )
}

/**
 * What a new account needs from the community's join rule (issue 38): an invite's use when the
 * community is invite-only, and whether it waits for a moderator's approval.
 */
export async function admitNewAccount(
  tx: Executor,
  input: { join: JoinMode; inviteHash: string | null; now: Date },
): Promise<{ pendingSince: Date | null }> {
  if (input.join === 'invite') await consumeInvite(tx, input.inviteHash, input.now)
  return { pendingSince: input.join === 'approval' ? input.now : null }
}
