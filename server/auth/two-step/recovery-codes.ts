import { createHash, randomInt } from 'node:crypto'
import { and, count, eq, isNull } from 'drizzle-orm'
import { RECOVERY_CODE_COUNT } from '@contract/two-step'
import type { Database } from '../../db/client'
import { recoveryCodesTable } from './two-step.table'

// Crockford's base32 without the letters read as digits (I, L, O, U): a code copied by hand
// from paper comes back right. Ten characters, 50 bits.
const ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz'
const LENGTH = 10

function newCode() {
  let code = ''
  for (let i = 0; i < LENGTH; i += 1) code += ALPHABET[randomInt(ALPHABET.length)]
  return `${code.slice(0, 5)}-${code.slice(5)}`
}

/** What a member typed, in the form that was hashed: no dash or space, lower case. */
function normalise(typed: string) {
  return typed.replace(/[\s-]/g, '').toLowerCase()
}

function hashOf(code: string) {
  return createHash('sha256').update(normalise(code)).digest('hex')
}

/** Ten new codes replace any left: answered once, kept only as hashes. */
export async function issueRecoveryCodes(db: Database, userId: string): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newCode)
  await db.delete(recoveryCodesTable).where(eq(recoveryCodesTable.userId, userId))
  await db
    .insert(recoveryCodesTable)
    .values(codes.map((code) => ({ userId, codeHash: hashOf(code) })))
  return codes
}

/** Spends a code: true once per code, as the update that marks it used wins only once. */
export async function spendRecoveryCode(
  db: Database,
  input: { userId: string; code: string; now: Date },
): Promise<boolean> {
  const spent = await db
    .update(recoveryCodesTable)
    .set({ usedAt: input.now })
    .where(
      and(
        eq(recoveryCodesTable.userId, input.userId),
        eq(recoveryCodesTable.codeHash, hashOf(input.code)),
        isNull(recoveryCodesTable.usedAt),
      ),
    )
    .returning({ id: recoveryCodesTable.id })
  return spent.length > 0
}

export async function recoveryCodesLeft(db: Database, userId: string): Promise<number> {
  const [row] = await db
    .select({ left: count() })
    .from(recoveryCodesTable)
    .where(and(eq(recoveryCodesTable.userId, userId), isNull(recoveryCodesTable.usedAt)))
  return row?.left ?? 0
}

export async function removeRecoveryCodes(db: Database, userId: string) {
  await db.delete(recoveryCodesTable).where(eq(recoveryCodesTable.userId, userId))
}
