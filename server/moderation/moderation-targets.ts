import { and, eq, inArray, isNull, sql } from 'drizzle-orm'
import { ErrorCode } from '@contract/errors'
import { MODERATION_MESSAGES, type ModerationTargetType } from '@contract/moderation'
import { commentsTable } from '../comments/comments.table'
import type { Database } from '../db/client'
import { intentionsTable } from '../intentions/intentions.table'
import { httpError } from '../errors/problem-error'
import { roomsTable } from '../rooms/rooms.table'
import { testimoniesTable } from '../testimonies/testimonies.table'

// The kinds of content a moderator acts on (prayers, comments, testimonies and, issue 21,
// prayer rooms), read and changed through one shape so the queue and the actions need no
// switch of their own.

export interface ModerationTarget {
  type: ModerationTargetType
  id: string
  authorId: string
  /** The prayer to link to: the intention itself, a comment's or a testimony's prayer; a room has none. */
  intentionId: string | null
  title: string | null
  text: string
  createdAt: Date
  removedAt: Date | null
  removalReason: string | null
  heldAt: Date | null
}

export type Executor = Pick<Database, 'select' | 'update'>

/** The targets among `ids` that still exist (an author's hard delete leaves only reports). */
export async function loadTargets(
  db: Executor,
  type: ModerationTargetType,
  ids: string[],
): Promise<ModerationTarget[]> {
  if (ids.length === 0) return []
  if (type === 'intention') {
    const t = intentionsTable
    const rows = await db.select().from(t).where(inArray(t.id, ids))
    return rows.map((row) => ({
      type,
      id: row.id,
      authorId: row.authorId,
      intentionId: row.id,
      title: row.title,
      text: row.details,
      createdAt: row.createdAt,
      removedAt: row.removedAt,
      removalReason: row.removalReason,
      heldAt: row.heldAt,
    }))
  }
  if (type === 'comment') {
    const t = commentsTable
    const rows = await db.select().from(t).where(inArray(t.id, ids))
    return rows.map((row) => ({
      type,
      id: row.id,
      authorId: row.authorId,
      intentionId: row.intentionId,
      title: null,
      text: row.content,
      createdAt: row.createdAt,
      removedAt: row.removedAt,
      removalReason: row.removalReason,
      heldAt: row.heldAt,
    }))
  }
  if (type === 'room') {
    const t = roomsTable
    const rows = await db.select().from(t).where(inArray(t.id, ids))
    return rows.map((row) => ({
      type,
      id: row.id,
      authorId: row.createdBy,
      intentionId: null,
      title: row.name,
      text: row.description ?? '',
      createdAt: row.createdAt,
      removedAt: row.removedAt,
      removalReason: row.removalReason,
      heldAt: row.heldAt,
    }))
  }
  const t = testimoniesTable
  const rows = await db.select().from(t).where(inArray(t.id, ids))
  return rows.map((row) => ({
    type,
    id: row.id,
    authorId: row.authorId,
    intentionId: row.intentionId,
    title: row.title,
    text: row.text,
    createdAt: row.createdAt,
    removedAt: row.removedAt,
    removalReason: row.removalReason,
    heldAt: row.heldAt,
  }))
}

export async function findTarget(
  db: Executor,
  type: ModerationTargetType,
  id: string,
): Promise<ModerationTarget> {
  const [target] = await loadTargets(db, type, [id])
  if (!target) throw httpError(404, ErrorCode.notFound, MODERATION_MESSAGES.itemNotFound)
  return target
}

export interface ModerationState {
  removedAt?: Date | null
  removedBy?: string | null
  removalReason?: string | null
  heldAt?: Date | null
}

/** Sets removal and hold columns of one item; a comment's prayer keeps its count right. */
export async function setModerationState(
  tx: Executor,
  target: ModerationTarget,
  state: ModerationState,
) {
  if (target.type === 'intention') {
    await tx.update(intentionsTable).set(state).where(eq(intentionsTable.id, target.id))
    return
  }
  if (target.type === 'testimony') {
    await tx.update(testimoniesTable).set(state).where(eq(testimoniesTable.id, target.id))
    return
  }
  if (target.type === 'room') {
    await tx.update(roomsTable).set(state).where(eq(roomsTable.id, target.id))
    return
  }
  await tx.update(commentsTable).set(state).where(eq(commentsTable.id, target.id))
  // comments_count counts live comments (DESIGN §3), neither removed nor held: removal or a
  // hold takes one away, restore or a dismissed hold gives it back.
  const wasLive = target.removedAt === null && target.heldAt === null
  const isLive =
    (state.removedAt === undefined ? target.removedAt : state.removedAt) === null &&
    (state.heldAt === undefined ? target.heldAt : state.heldAt) === null
  const delta = Number(wasLive) - Number(isLive)
  if (delta === 0 || target.intentionId === null) return
  await moveCommentsCount(tx, target.intentionId, -delta)
}

function moveCommentsCount(db: Executor, intentionId: string, delta: number) {
  return db
    .update(intentionsTable)
    .set({ commentsCount: sql`greatest(${intentionsTable.commentsCount} + ${delta}, 0)` })
    .where(eq(intentionsTable.id, intentionId))
}

/**
 * Holds an item that is neither held nor removed; true when this call held it. Callers run it
 * in a transaction: a held comment also leaves its prayer's count.
 */
export async function holdTarget(
  db: Executor,
  type: ModerationTargetType,
  id: string,
  now: Date,
): Promise<boolean> {
  if (type === 'comment') {
    const held = await db
      .update(commentsTable)
      .set({ heldAt: now })
      .where(
        and(
          eq(commentsTable.id, id),
          isNull(commentsTable.heldAt),
          isNull(commentsTable.removedAt),
        ),
      )
      .returning({ intentionId: commentsTable.intentionId })
    const intentionId = held[0]?.intentionId
    if (intentionId) await moveCommentsCount(db, intentionId, -1)
    return held.length > 0
  }
  const table =
    type === 'intention' ? intentionsTable : type === 'room' ? roomsTable : testimoniesTable
  const held = await db
    .update(table)
    .set({ heldAt: now })
    .where(and(eq(table.id, id), isNull(table.heldAt), isNull(table.removedAt)))
    .returning({ id: table.id })
  return held.length > 0
}
