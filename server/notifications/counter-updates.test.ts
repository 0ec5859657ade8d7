import { eq, sql } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { HubEvent } from '@contract/hub'
import { createTestApp, type TestApp } from '../../tests/helpers/test-app'
import { createUser, signIn } from '../../tests/helpers/users'
import { postIntention } from '../../tests/helpers/wall'
import { intentionsTable } from '../intentions/intentions.table'
import type { HubSender } from '../realtime/hub-sender'
import { createDeliveryPreferences } from './delivery-preferences'
import { createNotifier, type Notifier } from './notifier'

// Issue 45: a prayer's CounterUpdates at most once per window on a process, the first at once,
// the last always, read when sent; with counts only (no one who prayed is named).

let t: TestApp
const sent: { to: string; target: string; args: readonly unknown[] }[] = []
const record = async (to: string, target: string, args: readonly unknown[]) => {
  sent.push({ to, target, args })
}
const sender: HubSender = {
  sendToUser: record,
  sendToGroup: record,
  sendToAll: async () => {},
  revalidate: async () => {},
  removeFromRoster: async () => {},
}
let notifier: Notifier | undefined

beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())
afterEach(async () => {
  await notifier?.close()
  vi.useRealTimers()
})

const windowed = (showPrayerCounts: boolean) => {
  sent.length = 0
  notifier = createNotifier({
    db: t.db,
    sender,
    log: t.app.log,
    now: () => new Date(),
    preferences: createDeliveryPreferences({ db: t.db }),
    showPrayerCounts: async () => showPrayerCounts,
    counterWindowMs: 250,
  })
  // Only the window's timers: the database's own stay real.
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
  return notifier
}

async function request(anonymous = false) {
  const author = await createUser(t.db)
  const posted = await postIntention(t.app, await signIn(t.app, author), {
    identity_mode: anonymous ? 'anonymous' : 'display_name',
  })
  return { authorId: author.id, id: posted.intention_id }
}

/** One more prayer (and every other one an Amen) on the row, as a write would leave it. */
const pray = (id: string, amen: boolean) =>
  t.db
    .update(intentionsTable)
    .set({
      prayedCount: sql`${intentionsTable.prayedCount} + 1`,
      ...(amen ? { amenCount: sql`${intentionsTable.amenCount} + 1` } : {}),
    })
    .where(eq(intentionsTable.id, id))

const counterUpdates = () => sent.filter(({ target }) => target === HubEvent.CounterUpdate)
// A send the window's timer started reads the database: on PostgreSQL that is real I/O, which
// advancing the fake clock does not wait for (vi.waitFor keeps real timers).
const sentSoFar = (count: number) => vi.waitFor(() => expect(counterUpdates()).toHaveLength(count))

describe('CounterUpdate windows', () => {
  it('ten prayers in one window: the first at once, then one with the final counts', async () => {
    const { id } = await request()
    const counters = windowed(true)
    for (let prayer = 1; prayer <= 10; prayer += 1) {
      await pray(id, prayer % 2 === 0)
      await counters.publishCounters(id)
      if (prayer === 1)
        expect(counterUpdates()).toEqual([
          {
            to: `intention:${id}`,
            target: HubEvent.CounterUpdate,
            args: [
              {
                intentionId: id,
                prayed_count: 1,
                amen_count: 0,
                candle_count: 0,
                comments_count: 0,
              },
            ],
          },
        ])
    }
    expect(counterUpdates()).toHaveLength(1)

    await vi.advanceTimersByTimeAsync(250)
    await sentSoFar(2)
    const final = {
      intentionId: id,
      prayed_count: 10,
      amen_count: 5,
      candle_count: 0,
      comments_count: 0,
    }
    expect(counterUpdates()).toHaveLength(2)
    expect(counterUpdates()[1]).toEqual({
      to: `intention:${id}`,
      target: HubEvent.CounterUpdate,
      args: [final],
    })

    // A quiet window sends nothing; the next prayer, in a window of its own, goes at once.
    await vi.advanceTimersByTimeAsync(1000)
    expect(counterUpdates()).toHaveLength(2)
    await pray(id, false)
    await counters.publishCounters(id)
    await sentSoFar(3)
    expect(counterUpdates()[2]!.args).toEqual([{ ...final, prayed_count: 11 }])
  })

  it('the author’s own count of hidden prayers keeps the same window, naming no one', async () => {
    const { id, authorId } = await request(true)
    const counters = windowed(false)
    for (let prayer = 1; prayer <= 3; prayer += 1) {
      await pray(id, false)
      await counters.publishCounters(id)
    }
    await vi.advanceTimersByTimeAsync(250)
    await sentSoFar(4)
    const counts = { intentionId: id, amen_count: 0, candle_count: 0, comments_count: 0 }
    expect(counterUpdates()).toEqual([
      { to: `intention:${id}`, target: HubEvent.CounterUpdate, args: [counts] },
      {
        to: authorId,
        target: HubEvent.CounterUpdate,
        args: [{ intentionId: id, prayed_count: 1 }],
      },
      { to: `intention:${id}`, target: HubEvent.CounterUpdate, args: [counts] },
      {
        to: authorId,
        target: HubEvent.CounterUpdate,
        args: [{ intentionId: id, prayed_count: 3 }],
      },
    ])
  })

  it('sends what was due when the app closes, and nothing after', async () => {
    const { id } = await request()
    const counters = windowed(true)
    await pray(id, false)
    await counters.publishCounters(id)
    await pray(id, false)
    await counters.publishCounters(id)
    expect(counterUpdates()).toHaveLength(1)

    await counters.close()
    expect(counterUpdates().map(({ args }) => args)).toEqual([
      [expect.objectContaining({ prayed_count: 1 })],
      [expect.objectContaining({ prayed_count: 2 })],
    ])
    await pray(id, false)
    await counters.publishCounters(id)
    await vi.advanceTimersByTimeAsync(1000)
    expect(counterUpdates()).toHaveLength(2)
  })
})
