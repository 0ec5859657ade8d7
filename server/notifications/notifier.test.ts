import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { HubEvent } from '@contract/hub'
import { createTestDatabase } from '../../tests/helpers/test-db'
import { createUser } from '../../tests/helpers/users'
import type { DatabaseHandle } from '../db/client'
import type { HubSender } from '../realtime/hub-sender'
import { createDeliveryPreferences } from './delivery-preferences'
import { createNotifier, type NewNotification } from './notifier'

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
})
