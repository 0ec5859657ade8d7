import { asc, eq } from 'drizzle-orm'
import { ErrorCode } from '@contract/errors'
import type { Blocklist } from '@contract/moderation'
import type { Database } from '../db/client'
import { httpError } from '../errors/problem-error'
import { displayNamesOf } from '../users/users.repository'
import { recordAudit } from './audit-log'
import type { ContentPolicy } from '../content-policy/content-policy'
import type { ModerationContext } from './moderation-actions.service'
import { blockedPhrasesTable as b } from './moderation.table'

export const PHRASE_EXISTS = 'This word or phrase is already blocked.'
export const PHRASE_MISSING = 'This word or phrase is not on the blocklist.'

// The community's blocklist lives in the database and is loaded into the content policy
// (docs/moderation.md). The process that changes it reloads at once; other processes of the same
// community reload every BLOCKLIST_REFRESH_MS, so a change reaches every server within that.
export const BLOCKLIST_REFRESH_MS = 30_000

export async function loadBlocklistInto(db: Database, policy: ContentPolicy) {
  const rows = await db.select({ phrase: b.phrase }).from(b)
  policy.setBlockedTerms(rows.map((row) => row.phrase))
}

export async function listBlocklist(db: Database): Promise<Blocklist> {
  const rows = await db
    .select({ phrase: b.phrase, addedById: b.addedBy, createdAt: b.createdAt })
    .from(b)
    .orderBy(asc(b.phrase))
  const ids = rows.flatMap((row) => (row.addedById ? [row.addedById] : []))
  const names = await displayNamesOf(db, [...new Set(ids)])
  return {
    phrases: rows.map((row) => ({
      phrase: row.phrase,
      addedBy: (row.addedById && names.get(row.addedById)) ?? null,
      createdAt: row.createdAt.toISOString(),
    })),
  }
}

type BlocklistContext = ModerationContext & { contentPolicy: ContentPolicy }

/** POST /api/v1/moderation/blocklist: the next write is checked against it (no restart). */
export async function addBlockedPhrase(ctx: BlocklistContext, phrase: string) {
  const { db, viewer, now } = ctx
  await db.transaction(async (tx) => {
    const added = await tx
      .insert(b)
      .values({ phrase, addedBy: viewer.userId, createdAt: now })
      .onConflictDoNothing()
      .returning({ phrase: b.phrase })
    if (added.length === 0) throw httpError(409, ErrorCode.conflict, PHRASE_EXISTS)
    await recordAudit(tx, {
      actor: viewer,
      action: 'blocklist_add',
      target: { type: 'phrase', id: phrase },
      at: now,
    })
  })
  await loadBlocklistInto(db, ctx.contentPolicy)
  return listBlocklist(db)
}

/** DELETE /api/v1/moderation/blocklist: the phrase is accepted again from the next write. */
export async function removeBlockedPhrase(ctx: BlocklistContext, phrase: string) {
  const { db, viewer, now } = ctx
  await db.transaction(async (tx) => {
    const removed = await tx.delete(b).where(eq(b.phrase, phrase)).returning({ phrase: b.phrase })
    if (removed.length === 0) throw httpError(404, ErrorCode.notFound, PHRASE_MISSING)
    await recordAudit(tx, {
      actor: viewer,
      action: 'blocklist_remove',
      target: { type: 'phrase', id: phrase },
      at: now,
    })
  })
  await loadBlocklistInto(db, ctx.contentPolicy)
  return listBlocklist(db)
}
