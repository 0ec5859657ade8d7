import { and, eq, isNotNull, isNull, like, lt, not, or, sql } from 'drizzle-orm'
import { Secret, TOTP } from 'otpauth'
import { TOTP_DIGITS, TOTP_PERIOD_SECONDS } from '@contract/two-step'
import type { Database } from '../../db/client'
import { SEALED_PREFIX, type SecretSeal, TotpKeyMissingError } from './secret-seal'
import { totpCredentialsTable } from './two-step.table'

// A code from the step before or after is accepted too: phones' clocks drift, and a code typed
// as it rolls over should not fail. RFC 6238 §5.2 recommends at most one step each way.
const WINDOW_STEPS = 1

function totpOf(secret: string, label = '', issuer = '') {
  return new TOTP({
    issuer,
    label,
    secret: Secret.fromBase32(secret),
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
    algorithm: 'SHA1',
  })
}

function stepAt(now: Date) {
  return Math.floor(now.getTime() / 1000 / TOTP_PERIOD_SECONDS)
}

/** A new secret of 160 bits (RFC 4226's recommendation), and the URL an app's QR scanner reads. */
export function newTotpSecret(input: { issuer: string; label: string }) {
  const secret = new Secret({ size: 20 }).base32
  return { secret, otpauthUrl: totpOf(secret, input.label, input.issuer).toString() }
}

/** The step a code is valid for within the window at `now`, or null. */
export function matchingStep(secret: string, code: string, now: Date): number | null {
  const delta = totpOf(secret).validate({
    token: code,
    timestamp: now.getTime(),
    window: WINDOW_STEPS,
  })
  return delta === null ? null : stepAt(now) + delta
}

/** The member's secret and whether it is in force; null when two-step was never started. */
export async function findTotp(db: Database, userId: string) {
  const [row] = await db
    .select()
    .from(totpCredentialsTable)
    .where(eq(totpCredentialsTable.userId, userId))
  return row ?? null
}

export async function hasTwoStep(db: Database, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: totpCredentialsTable.userId })
    .from(totpCredentialsTable)
    .where(
      and(eq(totpCredentialsTable.userId, userId), isNotNull(totpCredentialsTable.confirmedAt)),
    )
  return row !== undefined
}

/**
 * Accepts a code once: the step it matches must be later than the last step accepted, and the
 * update that records it wins only once, so two requests racing with the same code cannot both
 * sign in. Returns whether the code was accepted.
 */
export async function spendTotpCode(
  db: Database,
  seal: SecretSeal,
  input: { userId: string; code: string; now: Date; confirming?: boolean },
): Promise<boolean> {
  const row = await findTotp(db, input.userId)
  if (!row || (row.confirmedAt === null) !== (input.confirming === true)) return false
  const step = matchingStep(seal.open(row.userId, row.secret), input.code, input.now)
  if (step === null) return false
  const [spent] = await db
    .update(totpCredentialsTable)
    .set({
      lastStep: step,
      ...(input.confirming ? { confirmedAt: input.now } : {}),
    })
    .where(
      and(
        eq(totpCredentialsTable.userId, input.userId),
        or(isNull(totpCredentialsTable.lastStep), lt(totpCredentialsTable.lastStep, step)),
        input.confirming
          ? isNull(totpCredentialsTable.confirmedAt)
          : isNotNull(totpCredentialsTable.confirmedAt),
      ),
    )
    .returning({ userId: totpCredentialsTable.userId })
  return spent !== undefined
}

/** Starts (or restarts) a setup: a new unconfirmed secret replaces any unconfirmed one. */
export async function startTotp(
  db: Database,
  seal: SecretSeal,
  input: { userId: string; secret: string; now: Date },
): Promise<boolean> {
  const secret = seal.seal(input.userId, input.secret)
  const [started] = await db
    .insert(totpCredentialsTable)
    .values({ userId: input.userId, secret, createdAt: input.now })
    .onConflictDoUpdate({
      target: totpCredentialsTable.userId,
      set: { secret, createdAt: input.now, lastStep: null },
      // A confirmed secret is replaced only by turning two-step off first.
      setWhere: sql`${totpCredentialsTable.confirmedAt} is null`,
    })
    .returning({ userId: totpCredentialsTable.userId })
  return started !== undefined
}

export async function removeTotp(db: Database, userId: string) {
  const removed = await db
    .delete(totpCredentialsTable)
    .where(
      and(eq(totpCredentialsTable.userId, userId), isNotNull(totpCredentialsTable.confirmedAt)),
    )
    .returning({ userId: totpCredentialsTable.userId })
  return removed.length > 0
}

const sealedSecret = like(totpCredentialsTable.secret, `${SEALED_PREFIX}%`)

/**
 * At start (ADR 0040): with a key, seals the secrets stored before it was set and checks that it
 * opens those sealed already; without one, refuses to start over sealed secrets, which no code
 * could then match. Two processes starting together seal each secret once (the update names the
 * value it replaces). Returns how many it sealed.
 */
export async function sealStoredSecrets(db: Database, seal: SecretSeal): Promise<number> {
  const [sealed] = await db.select().from(totpCredentialsTable).where(sealedSecret).limit(1)
  if (!seal.sealing) {
    if (sealed) throw new TotpKeyMissingError()
    return 0
  }
  if (sealed) {
    try {
      seal.open(sealed.userId, sealed.secret)
    } catch {
      throw new Error('TOTP_SECRET_KEY does not open the two-step secrets sealed in the database')
    }
  }
  const plain = await db.select().from(totpCredentialsTable).where(not(sealedSecret))
  for (const row of plain) {
    await db
      .update(totpCredentialsTable)
      .set({ secret: seal.seal(row.userId, row.secret) })
      .where(
        and(
          eq(totpCredentialsTable.userId, row.userId),
          eq(totpCredentialsTable.secret, row.secret),
        ),
      )
  }
  return plain.length
}
