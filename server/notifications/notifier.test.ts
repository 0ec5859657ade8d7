import { eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { HubEvent } from '@contract/hub'
import { createTestDatabase } from '../../tests/helpers/test-db'
import { createUser } from '../../tests/helpers/users'
import type { DatabaseHandle } from '../db/client'
import { domainEventsTable } from '../events/events.table'
import type { HubSender } from '../realtime/hub-sender'
import { createDeliveryPreferences } from './delivery-preferences'
import { createNotifier, type NewNotification } from './notifier'
import { notificationsTable } from './notifications.table'

// raiseMany (a reminder minute): one insert and one count for the lot, the same rows and hub
// messages as raising each in turn, and a dedupe key already used raises nothing again.

let database: DatabaseHandle
const sent: { userId: string; target: string; args: readonly unknown[] }[] = []
const sender: HubSender = {
  sendToUser: async (userId, target, args) => {
    sent.push({ userId, target, args })
  },
  sendToAll: async () => {},
  sendToGroup: async () => {},
  revalidate: async () => {},
  removeFromRoster: async () => {},
}

beforeAll(async () => {
  database = await createTestDatabase()
})
afterAll(() => database.close())

const reminder = (userId: string, key: string): NewNotification => ({
  userId,
  type: 'PrayerReminder',
  title: '1 request on your prayer list is waiting',
  message: 'Strength for my mother this week',
  dedupeKey: key,
})

describe('notifier.raiseMany', () => {
  it('raises each new one with its recipient’s unread count, and nothing twice', async () => {
    const notifier = createNotifier({
      db: database.db,
      sender,
      log: { warn() {}, error() {} } as never,
      now: () => new Date('2026-11-25T06:00:00Z'),
      preferences: createDeliveryPreferences({ db: database.db }),
      showPrayerCounts: async () => true,
    })
    const [ann, bea] = await Promise.all([createUser(database.db), createUser(database.db)])
    expect(await notifier.raise(reminder(ann.id, 'reminder:a'))).toBe(true)
    sent.length = 0

    const raised = await notifier.raiseMany([
      reminder(ann.id, 'reminder:a'), // already raised
      reminder(ann.id, 'reminder:b'),
      reminder(bea.id, 'reminder:a'),
    ])

    expect(raised).toBe(2)
    const notified = sent.filter((message) => message.target === HubEvent.NewNotification)
    expect(notified.map((message) => message.userId).sort()).toEqual([ann.id, bea.id].sort())
    const counts = Object.fromEntries(
      sent
        .filter((message) => message.target === HubEvent.UnreadCountUpdate)
        .map((message) => [message.userId, message.args[0]]),
    )
    expect(counts).toEqual({ [ann.id]: { unreadCount: 2 }, [bea.id]: { unreadCount: 1 } })
    expect(await notifier.raiseMany([reminder(bea.id, 'reminder:a')])).toBe(0)
    expect(await notifier.raiseMany([])).toBe(0)
  })

  it('stores each field as raise does, words and data as written, with its NotificationsRaised', async () => {
    const at = new Date('2026-11-25T06:00:00Z')
    const notifier = createNotifier({
      db: database.db,
      sender,
      log: { warn() {}, error() {} } as never,
      now: () => at,
      preferences: createDeliveryPreferences({ db: database.db }),
      showPrayerCounts: async () => true,
    })
    const [ann, bea] = await Promise.all([createUser(database.db), createUser(database.db)])
    // The batch goes to the database as one JSON parameter: quotes, backslashes, braces,
    // commas, 'NULL', right-to-left text and emoji come back as written; absent fields as null.
    const written = (userId: string, key: string): NewNotification => ({
      userId,
      type: 'PrayerReminder',
      title: 'He said "pray", then {left}, \\ back\\slash, NULL',
      message: 'صلوا من أجل أمي 🙏, "NULL"',
      sourceUserDisplayName: null,
      data: { waiting: 2, url: '/prayerlist' },
      dedupeKey: key,
    })
    await notifier.raise(written(ann.id, 'one'))
    expect(
      await notifier.raiseMany([written(bea.id, 'one'), { ...written(bea.id, 'two'), data: null }]),
    ).toBe(2)

    const rows = await database.db
      .select()
      .from(notificationsTable)
      .where(inArray(notificationsTable.userId, [ann.id, bea.id]))
    const byKey = (userId: string, key: string) =>
      rows.find((row) => row.userId === userId && row.dedupeKey === key)!
    const { id: oneId, userId: _ann, ...single } = byKey(ann.id, 'one')
    const { id: batchId, userId: _bea, ...batched } = byKey(bea.id, 'one')
    expect(batched).toEqual(single)
    expect(batched).toMatchObject({
      title: 'He said "pray", then {left}, \\ back\\slash, NULL',
      message: 'صلوا من أجل أمي 🙏, "NULL"',
      sourceUserDisplayName: null,
      sourceIntentionId: null,
      data: { waiting: 2, url: '/prayerlist' },
      createdAt: at,
      readAt: null,
    })
    expect(byKey(bea.id, 'two').data).toBeNull()
    expect(batchId).not.toBe(oneId)
    const events = await database.db
      .select()
      .from(domainEventsTable)
      .where(eq(domainEventsTable.type, 'NotificationsRaised'))
    const raisedIds = events.flatMap(
      (event) => (event.payload as { notificationIds: string[] }).notificationIds,
    )
    expect(raisedIds).toEqual(expect.arrayContaining([batchId, byKey(bea.id, 'two').id]))
  })
})
