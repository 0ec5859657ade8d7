import { desc, sql } from 'drizzle-orm'
import type { AuditAction, AuditEntry, AuditPage } from '@contract/moderation'
import { TimestampSchema } from '@contract/pagination'
import { z } from 'zod'
import type { Viewer } from '../auth/viewer'
import type { Database } from '../db/client'
import { openAccountNames } from '../users/users.repository'
import { decodeKeyCursor, encodeKeyCursor } from './cursor'
import { moderationAuditTable as audit } from './moderation.table'

export interface AuditEntryInput {
  actor: Pick<Viewer, 'userId' | 'displayName'>
  action: AuditAction
  target?: { type: AuditTargetType; id: string } | null
  reason?: string | null
  details?: Record<string, unknown>
  at: Date
}

type Executor = Pick<Database, 'insert'>
type AuditTargetType = NonNullable<AuditEntry['target']>['type']

/** Every moderation action writes one entry, in the same transaction as the change it records. */
export async function recordAudit(tx: Executor, entry: AuditEntryInput) {
  await tx.insert(audit).values({
    at: entry.at,
    actorId: entry.actor.userId,
    actorDisplayName: entry.actor.displayName,
    action: entry.action,
    targetType: entry.target?.type ?? null,
    targetId: entry.target?.id ?? null,
    reason: entry.reason ?? null,
    details: entry.details ?? {},
  })
}

const AuditCursor = z.object({ at: TimestampSchema, id: z.uuid() })

/** GET /api/v1/moderation/audit (admins): newest first; the actor's current name when known. */
export async function listAudit(
  db: Database,
  query: { cursor?: string | undefined; limit: number },
): Promise<AuditPage> {
  const cursor = decodeKeyCursor(query.cursor, AuditCursor)
  const rows = await db
    .select()
    .from(audit)
    .where(
      cursor
        ? sql`(${audit.at}, ${audit.id}) < (${cursor.at}::timestamptz, ${cursor.id}::uuid)`
        : undefined,
    )
    .orderBy(desc(audit.at), desc(audit.id))
    .limit(query.limit + 1)
  const page = rows.slice(0, query.limit)
  const actorIds = [...new Set(page.map((row) => row.actorId))]
  // A deleted account's entries keep the name copied then ("A former member").
  const names = await openAccountNames(db, actorIds)
  const last = page.at(-1)
  return {
    items: page.map((row) => ({
      id: row.id,
      at: row.at.toISOString(),
      actor: { userId: row.actorId, displayName: names.get(row.actorId) ?? row.actorDisplayName },
      action: row.action,
      target:
        row.targetType && row.targetId
          ? { type: row.targetType as AuditTargetType, id: row.targetId }
          : null,
      reason: row.reason,
      details: row.details,
    })),
    nextCursor:
      rows.length > query.limit && last
        ? encodeKeyCursor({ at: last.at.toISOString(), id: last.id })
        : null,
  }
}
