import { sql } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import { uuidv7 } from 'uuidv7'
import { HubEvent, type CounterUpdateEvent, type NewNotificationEvent } from '@contract/hub'
import type { NotificationData, NotificationType } from '@contract/notifications'
import type { Database } from '../db/client'
import { gatherAfterDeliveries, onceAfterDeliveries } from '../events/after-deliveries'
import { recordEvent } from '../events/record-event'
import { intentionCounters } from '../intentions/intention-reads'
import type { HubSender } from '../realtime/hub-sender'
import { coalescedSends } from './coalesced-sends'
import type { DeliveryPreferences } from './delivery-preferences'
import { foldsFor } from './notification-folds'
import { unreadCount, unreadCounts } from './notifications.service'
import { toNotification } from './notification-view'
import { notificationsTable, type NotificationRow } from './notifications.table'

export interface NewNotification {
  userId: string
  type: NotificationType
  title: string
  message?: string | null
  sourceUserDisplayName?: string | null
  sourceIntentionId?: string | null
  sourceTestimonyId?: string | null
  data?: NotificationData | null
  /** Raises at most one row per (recipient, key): replays and toggles notify once. */
  dedupeKey?: string | null
}

export interface Notifier {
  db: Database
  now(): Date
  /** Inserts and publishes; false when the dedupe key already notified that recipient. */
  raise(notification: NewNotification): Promise<boolean>
  /**
   * `raise`, but inside an event lane's batch of deliveries the row is inserted with the batch's
   * others after its handlers (events/after-deliveries.ts, ADR 0041): one transaction and one
   * NotificationsRaised for the lot, published with their folds as they then stand; its failure
   * fails the deliveries that raised them. Not for a handler that reads back what it raised.
   */
  raiseWithBatch(notification: NewNotification): Promise<void>
  /**
   * `raise` for many recipients at once (a reminder minute): one insert and one count query for
   * the lot; answers how many were new (the rest had their dedupe key already).
   */
  raiseMany(notifications: readonly NewNotification[]): Promise<number>
  /**
   * A row changed again (the prayer bundle): `change` runs in a transaction that also records
   * the push, and the row it answers is published again with the recipient's unread count.
   */
  republish(change: (tx: Database) => Promise<NotificationRow | undefined>): Promise<void>
  /** With no count, it is read and sent once per member after the batch of deliveries. */
  publishUnreadCount(userId: string, count?: number): Promise<void>
  /**
   * CounterUpdate with the prayer's counts, once per prayer after the batch of deliveries, and
   * at most once per `counterWindowMs` (issue 45): at once when the prayer was quiet, else at
   * the window's end with the counts as they are then.
   */
  publishCounters(intentionId: string): Promise<void>
  revalidateConnections(): Promise<void>
  /** Sends the CounterUpdates still due and stops their timers (the app's close). */
  close(): Promise<void>
  log: FastifyBaseLogger
}

const rowOf = <At>(notification: NewNotification, createdAt: At) => ({
  userId: notification.userId,
  type: notification.type,
  title: notification.title,
  message: notification.message ?? null,
  sourceUserDisplayName: notification.sourceUserDisplayName ?? null,
  sourceIntentionId: notification.sourceIntentionId ?? null,
  sourceTestimonyId: notification.sourceTestimonyId ?? null,
  data: notification.data ?? null,
  dedupeKey: notification.dedupeKey ?? null,
  createdAt,
})

/** A row as insertBatch takes it. */
type StoredRow = ReturnType<typeof rowOf<string>> & { id: string }

/** Rows per insert in raiseMany (one JSON parameter for the lot), each its own transaction. */
const RAISED_AT_ONCE = 1000

/**
 * Raising a notification = a row for the recipient and, in its transaction, the
 * NotificationsRaised event that Web Push follows (at least once, across restarts); then
 * NewNotification and UnreadCountUpdate to `user:<id>` through the hub's backplane, so every tab
 * on every process hears it.
 */
export function createNotifier(options: {
  db: Database
  sender: HubSender
  log: FastifyBaseLogger
  now: () => Date
  /** Issue 40: what each NewNotification may show on its member's devices, decided here. */
  preferences: DeliveryPreferences
  /** Issue 38's show_prayer_counts, from the process's settings. */
  showPrayerCounts: () => Promise<boolean>
  /**
   * Issue 45: a prayer's CounterUpdates at most once per this many ms (0: every write); the
   * app passes COUNTER_UPDATE_WINDOW_MS, whose default, 250, is this one's.
   */
  counterWindowMs?: number
}): Notifier {
  const { db, sender, log, now, preferences, showPrayerCounts } = options

  // The counts are read when sent, not carried from the writes: a process sends only for the
  // writes its own dispatcher handled, and another process may have moved the same prayer in
  // the meantime. Read at send time, the window's last send carries every write committed
  // before it, this process's or not, so whichever process sends last sends the final counts;
  // counts carried from this process's writes could end a client on a number without the
  // other process's. It carries counts only (intentionId and numbers): no actor, nothing that
  // names who prayed, so an anonymous author's prayer stays unlinkable.
  const sendCounters = async (intentionId: string) => {
    const row = await intentionCounters(db, intentionId)
    if (!row) return
    const { authorId, prayed_count, ...counts } = row
    const group = `intention:${intentionId}`
    if (await showPrayerCounts()) {
      const event: CounterUpdateEvent = { intentionId, prayed_count, ...counts }
      return sender.sendToGroup(group, HubEvent.CounterUpdate, [event])
    }
    // Hidden counts (issue 38): the watchers get the others; the author alone, on their
    // own channel, the prayer count (which names nobody: it only goes where it belongs).
    // Both in the same send, so the author's update follows the same window.
    await sender.sendToGroup(group, HubEvent.CounterUpdate, [{ intentionId, ...counts }])
    await sender.sendToUser(authorId, HubEvent.CounterUpdate, [{ intentionId, prayed_count }])
  }
  const counters = coalescedSends({
    windowMs: options.counterWindowMs ?? 250,
    send: sendCounters,
    onError: (intentionId, error) =>
      log.warn({ intentionId, err: error }, 'a CounterUpdate at the end of its window failed'),
  })

  const sendUnreadCount = (userId: string, value: number) =>
    sender.sendToUser(userId, HubEvent.UnreadCountUpdate, [{ unreadCount: value }])
  // Unknown, it is read: once per member after a batch of deliveries (after-deliveries.ts).
  const publishUnreadCount = async (userId: string, known?: number) => {
    if (known !== undefined) return sendUnreadCount(userId, known)
    await onceAfterDeliveries(`unread:${userId}`, async () =>
      sendUnreadCount(userId, await unreadCount(db, userId)),
    )
  }

  // Each row goes out with the server's decision for its member's devices (issue 40), taken
  // for the whole lot in two queries: a page shows a system notification only when told so.
  const publish = async (rows: readonly NotificationRow[], counts?: Map<string, number>) => {
    // Issue 47: each with the entry it now leads, as the panel lists it.
    const folds = await foldsFor(db, rows)
    const notifications = rows.map((row) => toNotification(row, folds.get(row.id)))
    const devices = await preferences(
      rows.map((row, index) => ({ userId: row.userId, notification: notifications[index]! })),
    )
    await Promise.all(
      rows.map(async (row, index) => {
        const event: NewNotificationEvent = { ...notifications[index]!, devices: devices[index]! }
        await sender.sendToUser(row.userId, HubEvent.NewNotification, [event])
        await publishUnreadCount(row.userId, counts?.get(row.userId))
      }),
    )
  }

  // The event goes with the rows it names: a push exists exactly when its notification does.
  const stored = (
    write: (tx: Database) => Promise<NotificationRow[]>,
  ): Promise<NotificationRow[]> =>
    db.transaction(async (tx) => {
      const rows = await write(tx)
      if (rows.length > 0)
        await recordEvent(
          tx,
          { type: 'NotificationsRaised', payload: { notificationIds: rows.map((row) => row.id) } },
          { occurredAt: now() },
        )
      return rows
    })

  // The batch as one JSON parameter, the table's columns in order: drizzle's values() makes a
  // bind parameter of each of its 10,000 values, 130 ms of the event loop a batch of 1,000 just
  // to build the statement (issue 45, bench:reminders). Ids are made here as the column's own
  // default makes them (uuidv7, time-ordered), and the rows come back in the order given.
  const insertBatch = async (tx: Database, batch: readonly StoredRow[]) => {
    const rows = await tx
      .insert(notificationsTable)
      .select(
        sql`select r.id, r."userId", r.type, r.title, r.message, r."sourceUserDisplayName",
          r."sourceIntentionId", r."sourceTestimonyId", r.data, r."dedupeKey", r."createdAt",
          null::timestamptz
        from jsonb_to_recordset(${JSON.stringify(batch)}::jsonb) as r(id uuid, "userId" uuid,
          type text, title text, message text, "sourceUserDisplayName" text,
          "sourceIntentionId" uuid, "sourceTestimonyId" uuid, data jsonb, "dedupeKey" text,
          "createdAt" timestamptz)`,
      )
      .onConflictDoNothing()
      .returning()
    const order = new Map(batch.map((row, index) => [row.id, index]))
    return rows.sort((a, b) => order.get(a.id)! - order.get(b.id)!)
  }
  const storedRow = (notification: NewNotification, createdAt: string): StoredRow => ({
    ...rowOf(notification, createdAt),
    id: uuidv7(),
  })

  const raiseBatch = async (notifications: readonly NewNotification[]) => {
    const createdAt = now().toISOString()
    const rows = await stored((tx) =>
      insertBatch(
        tx,
        notifications.map((notification) => storedRow(notification, createdAt)),
      ),
    )
    const counts = await unreadCounts(
      db,
      rows.map((row) => row.userId),
    )
    await publish(rows, counts)
    return rows.length
  }

  // A lane's raises, each with its own time (quiet hours and folds go by it); the unread counts
  // follow once per member after the lane's batch, as `raise`'s do. Only the insert can fail the
  // deliveries: once the rows are stored, a retry would find their keys taken and publish nothing.
  const raiseGathered = async (batch: readonly StoredRow[]) => {
    const rows = await stored((tx) => insertBatch(tx, batch))
    if (rows.length > 0)
      await publish(rows).catch((error: unknown) =>
        log.warn({ err: error }, 'publishing raised notifications failed'),
      )
  }

  return {
    db,
    now,
    log,
    async republish(change) {
      const rows = await stored(async (tx) => {
        const row = await change(tx)
        return row ? [row] : []
      })
      if (rows.length > 0) await publish(rows)
    },
    publishUnreadCount,
    async raise(notification) {
      const [row] = await stored((tx) =>
        tx
          .insert(notificationsTable)
          .values(rowOf(notification, now()))
          .onConflictDoNothing()
          .returning(),
      )
      if (!row) return false
      await publish([row])
      return true
    },
    async raiseWithBatch(notification) {
      const row = storedRow(notification, now().toISOString())
      if (gatherAfterDeliveries('notifications', row, raiseGathered)) return
      const [raised] = await stored((tx) => insertBatch(tx, [row]))
      if (raised) await publish([raised])
    },
    async raiseMany(notifications) {
      let raised = 0
      for (let at = 0; at < notifications.length; at += RAISED_AT_ONCE)
        raised += await raiseBatch(notifications.slice(at, at + RAISED_AT_ONCE))
      return raised
    },
    publishCounters: (intentionId) =>
      onceAfterDeliveries(`counters:${intentionId}`, () => counters.request(intentionId)),
    revalidateConnections: () => sender.revalidate(),
    close: () => counters.close(),
  }
}
