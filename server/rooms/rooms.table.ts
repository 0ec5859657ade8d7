import type { RoomRepeat } from '@contract/rooms'
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core'
import { uuidv7 } from 'uuidv7'
import { groupsTable } from '../groups/groups.table'
import { intentionsTable } from '../intentions/intentions.table'
import { usersTable } from '../users/users.table'

// Issue 21: prayer rooms. A session is identified by its start instant (`session_at`): what
// belongs to one session (Amens, removals, a close) names it, so the next session starts clean.
export const roomsTable = pgTable(
  'rooms',
  {
    id: uuid('id')
      .primaryKey()
      .$defaultFn(() => uuidv7()),
    name: text('name').notNull(),
    description: text('description'),
    /** null: a public room (everyone signed in); else only that group's members see it. */
    groupId: uuid('group_id').references(() => groupsTable.id, { onDelete: 'cascade' }),
    createdBy: uuid('created_by')
      .notNull()
      .references(() => usersTable.id, { onDelete: 'cascade' }),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    durationMinutes: integer('duration_minutes').notNull(),
    repeat: jsonb('repeat').$type<RoomRepeat>(),
    quiet: boolean('quiet').notNull().default(false),
    /** The start of the session a moderator or the creator closed (it reopens next time). */
    closedSessionAt: timestamp('closed_session_at', { withTimezone: true }),
    /**
     * The leader's last step: the list showed `cursor_index` at `cursor_at`, and steps on by
     * itself every ROOM_AUTO_ADVANCE_SECONDS after; every process derives the same position.
     */
    cursorIndex: integer('cursor_index').notNull().default(0),
    cursorAt: timestamp('cursor_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /**
     * Moderation (ADR 0005), as for content: a removed room is gone for everyone but the
     * moderators' queue; a held one (reports reached the threshold) waits for review, seen
     * only by its creator and moderators.
     */
    removedAt: timestamp('removed_at', { withTimezone: true }),
    removedBy: uuid('removed_by').references(() => usersTable.id, { onDelete: 'set null' }),
    removalReason: text('removal_reason'),
    heldAt: timestamp('held_at', { withTimezone: true }),
  },
  (table) => [index('rooms_group_idx').on(table.groupId)],
)
export type RoomRow = typeof roomsTable.$inferSelect

/** Requests members brought into a room (the group's newest are added when read, not stored). */
export const roomIntentionsTable = pgTable(
  'room_intentions',
  {
    roomId: uuid('room_id')
      .notNull()
      .references(() => roomsTable.id, { onDelete: 'cascade' }),
    intentionId: uuid('intention_id')
      .notNull()
      .references(() => intentionsTable.id, { onDelete: 'cascade' }),
    broughtBy: uuid('brought_by')
      .notNull()
      .references(() => usersTable.id, { onDelete: 'cascade' }),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.roomId, table.intentionId] })],
)

/** One Amen per member per intention per session: the room's live count. */
export const roomAmensTable = pgTable(
  'room_amens',
  {
    roomId: uuid('room_id')
      .notNull()
      .references(() => roomsTable.id, { onDelete: 'cascade' }),
    sessionAt: timestamp('session_at', { withTimezone: true }).notNull(),
    intentionId: uuid('intention_id')
      .notNull()
      .references(() => intentionsTable.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => usersTable.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.roomId, table.sessionAt, table.intentionId, table.userId] }),
  ],
)

/** Members removed from one session: they cannot rejoin it. */
export const roomRemovalsTable = pgTable(
  'room_removals',
  {
    roomId: uuid('room_id')
      .notNull()
      .references(() => roomsTable.id, { onDelete: 'cascade' }),
    sessionAt: timestamp('session_at', { withTimezone: true }).notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => usersTable.id, { onDelete: 'cascade' }),
    removedBy: uuid('removed_by').references(() => usersTable.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.roomId, table.sessionAt, table.userId] })],
)

/** "Remind me": the member hears of every session 10 minutes before it starts. */
export const roomRemindersTable = pgTable(
  'room_reminders',
  {
    roomId: uuid('room_id')
      .notNull()
      .references(() => roomsTable.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => usersTable.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.roomId, table.userId] }),
    index('room_reminders_user_idx').on(table.userId),
  ],
)
