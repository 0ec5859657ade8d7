import { and, asc, count, desc, eq, isNull, notInArray, or } from 'drizzle-orm'
import { ROOM_AUTO_ADVANCE_SECONDS, type RoomIntention } from '@contract/rooms'
import type { Database } from '../db/client'
import { authorName } from '../intentions/intention-view'
import { intentionsTable } from '../intentions/intentions.table'
import { usersTable } from '../users/users.table'
import { alias } from 'drizzle-orm/pg-core'
import { roomAmensTable, roomIntentionsTable, type RoomRow } from './rooms.table'

// A room's prayer list (issue 21): the requests members brought, in the order they came, then
// its group's newest. Only open requests every member of the room may see: the public wall in
// a public room; the wall or the room's own group in a group room.

/** How many of the group's newest requests a group room adds by itself. */
export const GROUP_NEWEST = 5
const STEP_MS = ROOM_AUTO_ADVANCE_SECONDS * 1000

type Room = Pick<RoomRow, 'id' | 'groupId'>

/** Requests a room may show (open, not removed or held, visible to everyone in it). */
export function shownInRoom(room: Pick<RoomRow, 'groupId'>) {
  return and(
    eq(intentionsTable.status, 'active'),
    isNull(intentionsTable.removedAt),
    isNull(intentionsTable.heldAt),
    room.groupId === null
      ? eq(intentionsTable.destination, 'public_wall')
      : or(
          eq(intentionsTable.destination, 'public_wall'),
          eq(intentionsTable.groupId, room.groupId),
        ),
  )
}

const author = alias(usersTable, 'author')
const bringer = alias(usersTable, 'bringer')
const fields = {
  id: intentionsTable.id,
  title: intentionsTable.title,
  details: intentionsTable.details,
  identityMode: intentionsTable.identityMode,
  displayName: author.displayName,
  firstName: author.firstName,
  lastName: author.lastName,
}

/** The list in order, each with its Amens in the session starting at `sessionAt`. */
export async function roomIntentions(
  db: Database,
  room: Room,
  sessionAt: Date | null,
): Promise<RoomIntention[]> {
  const rows = await db
    .select({
      ...fields,
      authorId: intentionsTable.authorId,
      bringerId: bringer.id,
      bringerName: bringer.displayName,
    })
    .from(roomIntentionsTable)
    .innerJoin(intentionsTable, eq(intentionsTable.id, roomIntentionsTable.intentionId))
    .innerJoin(author, eq(author.id, intentionsTable.authorId))
    .innerJoin(bringer, eq(bringer.id, roomIntentionsTable.broughtBy))
    .where(and(eq(roomIntentionsTable.roomId, room.id), shownInRoom(room)))
    .orderBy(asc(roomIntentionsTable.addedAt))
  // An author who brought their own request is named as its card names them: not at all when
  // it is anonymous (issue 37), by the real name under a real name (their display name beside
  // it would tell the group who writes under it on the wall).
  const brought = rows.map(({ authorId, bringerId, bringerName, ...row }) => ({
    ...row,
    broughtBy:
      bringerId !== authorId
        ? bringerName
        : row.identityMode === 'anonymous'
          ? null
          : authorName(row.identityMode, row),
  }))
  const newest = room.groupId
    ? await db
        .select(fields)
        .from(intentionsTable)
        .innerJoin(author, eq(author.id, intentionsTable.authorId))
        .where(
          and(
            eq(intentionsTable.groupId, room.groupId),
            shownInRoom(room),
            brought.length
              ? notInArray(
                  intentionsTable.id,
                  brought.map((row) => row.id),
                )
              : undefined,
          ),
        )
        .orderBy(desc(intentionsTable.createdAt))
        .limit(GROUP_NEWEST)
    : []
  const amens = sessionAt ? await amenCounts(db, room.id, sessionAt) : new Map<string, number>()
  return [...brought, ...newest.map((row) => ({ ...row, broughtBy: null }))].map((row) => ({
    intention_id: row.id,
    title: row.title,
    details: row.details,
    author_display_name: authorName(row.identityMode, row),
    brought_by: row.broughtBy,
    amen_count: amens.get(row.id) ?? 0,
  }))
}

async function amenCounts(db: Database, roomId: string, sessionAt: Date) {
  const rows = await db
    .select({ intentionId: roomAmensTable.intentionId, amens: count() })
    .from(roomAmensTable)
    .where(and(eq(roomAmensTable.roomId, roomId), eq(roomAmensTable.sessionAt, sessionAt)))
    .groupBy(roomAmensTable.intentionId)
  return new Map(rows.map((row) => [row.intentionId, row.amens]))
}

/**
 * Where the list stands at `now` in the session that started at `sessionAt`: the leader's last
 * step (or the session's start) plus one step every ROOM_AUTO_ADVANCE_SECONDS. Every process
 * computes the same, so no process has to own a timer. `step` counts the automatic steps.
 */
export function listPosition(
  room: Pick<RoomRow, 'cursorIndex' | 'cursorAt'>,
  sessionAt: Date,
  length: number,
  now: Date,
): { index: number; step: number; from: Date } | null {
  if (length === 0) return null
  const fresh = !room.cursorAt || room.cursorAt < sessionAt
  const from = fresh ? sessionAt : room.cursorAt!
  const start = fresh ? 0 : room.cursorIndex
  const step = Math.max(0, Math.floor((now.getTime() - from.getTime()) / STEP_MS))
  return { index: (start + step) % length, step, from }
}

/** When the list steps on next after `now`. */
export function nextStepAt(from: Date, now: Date): Date {
  const steps = Math.floor((now.getTime() - from.getTime()) / STEP_MS) + 1
  return new Date(from.getTime() + steps * STEP_MS)
}
