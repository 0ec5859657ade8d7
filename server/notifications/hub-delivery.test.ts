import { HttpTransportType, HubConnectionState } from '@microsoft/signalr'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { CounterUpdateEvent } from '@contract/hub'
import type { Notification, UnreadCount } from '@contract/notifications'
import { createTestDatabase, poolOfAnotherProcess } from '../../tests/helpers/test-db'
import { createUser, signIn, type TestUser } from '../../tests/helpers/users'
import { postIntention } from '../../tests/helpers/wall'
import type { DatabaseHandle } from '../db/client'
import { createInProcessBackplane } from '../realtime/backplane'
import { connectAs, eventOf, startLiveApp, type LiveApp } from '../../tests/helpers/live-app'
import { write } from '../../tests/helpers/notifications-api'

// The real @microsoft/signalr client, signed in by its session cookie, hears what OTHER members
// do to its content; two app processes share one database and one in-process backplane.
let database: DatabaseHandle
const backplane = createInProcessBackplane()
let a: LiveApp
let b: LiveApp
let alice: TestUser
let bob: TestUser
let aliceCookie: string
let bobCookie: string

beforeAll(async () => {
  database = await createTestDatabase()
  a = await startLiveApp(database, backplane)
  b = await startLiveApp(database, backplane)
  alice = await createUser(database.db, { displayName: 'Morning Light' })
  bob = await createUser(database.db, { displayName: 'Still Water' })
  aliceCookie = await signIn(a.app, alice)
  bobCookie = await signIn(a.app, bob)
}, 60_000)
afterAll(async () => {
  await a.close()
  await b.close()
  await backplane.close()
  await database.close()
})

describe('live notifications', () => {
  it.each([
    ['WebSockets', HttpTransportType.WebSockets],
    ['long polling', HttpTransportType.LongPolling],
  ])('reach the author over %s, with unread counts and live counters', async (_name, transport) => {
    const { intention_id: id } = await postIntention(a.app, aliceCookie)
    const connection = connectAs(a.url, aliceCookie, transport)
    await connection.start()
    try {
      expect(await connection.invoke('WatchIntentions', [id])).toEqual({ watching: [id] })
      const notified = eventOf<Notification>(
        connection,
        'NewNotification',
        (n) => n.sourceIntentionId === id,
      )
      const unread = eventOf<UnreadCount>(connection, 'UnreadCountUpdate')
      const counted = eventOf<CounterUpdateEvent>(
        connection,
        'CounterUpdate',
        (c) => c.intentionId === id,
      )
      expect(
        (await write(a.app, bobCookie, 'POST', `/api/v1/intentions/${id}/pray`)).statusCode,
      ).toBe(200)

      const notification = await notified
      expect(notification).toMatchObject({
        type: 'PrayerReaction',
        sourceUserDisplayName: 'Still Water',
        readAt: null,
      })
      expect((await unread).unreadCount).toBeGreaterThan(0)
      expect(await counted).toMatchObject({ intentionId: id, prayed_count: 1 })

      // Reading in another tab updates this one.
      const cleared = eventOf<UnreadCount>(
        connection,
        'UnreadCountUpdate',
        (u) => u.unreadCount === 0,
      )
      await write(a.app, aliceCookie, 'PUT', '/api/notifications/read-all')
      expect(await cleared).toEqual({ unreadCount: 0 })
    } finally {
      await connection.stop()
    }
  })

  it('reach a client on process B for a write on process A', async () => {
    const { intention_id: id } = await postIntention(a.app, aliceCookie)
    const connection = connectAs(b.url, aliceCookie)
    await connection.start()
    try {
      const notified = eventOf<Notification>(
        connection,
        'NewNotification',
        (n) => n.sourceIntentionId === id,
      )
      await write(a.app, bobCookie, 'POST', `/api/v1/intentions/${id}/reactions`, {
        kind: 'candle',
      })
      expect(await notified).toMatchObject({
        type: 'PrayerCandleReaction',
        data: { reaction: 'candle' },
      })
    } finally {
      await connection.stop()
    }
  })
})

describe('sessions', () => {
  it('refuses to negotiate without a session', async () => {
    const response = await fetch(`${a.url}/hub/notifications/negotiate?negotiateVersion=1`, {
      method: 'POST',
    })
    expect(response.status).toBe(401)
  })

  it('closes the connection on every process after logout', async () => {
    const carol = await createUser(database.db)
    const cookie = await signIn(a.app, carol)
    const connection = connectAs(b.url, cookie)
    const closed = new Promise<void>((resolve) => connection.onclose(() => resolve()))
    await connection.start()
    expect(connection.state).toBe(HubConnectionState.Connected)
    const response = await a.app.inject({
      method: 'POST',
      url: '/auth/logout',
      headers: { cookie },
    })
    expect(response.statusCode).toBeLessThan(300)
    await closed
    expect(connection.state).toBe(HubConnectionState.Disconnected)
  })
})

// CI's second stage sets TEST_DATABASE_URL and TEST_REDIS_URL (scripts/test.mjs): two apps as two
// server processes would run them, each with its own PostgreSQL pool on one database and its own
// Redis connection, sharing nothing in memory. The two get a database of their own: any process
// on a database may deliver its events (server/events/dispatcher.ts), and apps A and B above,
// on the in-process backplane, used to claim the reaction's event as often as these two did and
// sent the notification where this client could not hear it ("no NewNotification within 8 s").
describe.runIf(!!process.env.TEST_REDIS_URL)('through the Redis backplane', () => {
  it('reaches a client on process B for a write on process A', async () => {
    const { createRedisBackplane } = await import('../realtime/redis-backplane')
    const prefix = `notifications-test-${crypto.randomUUID()}`
    const url = process.env.TEST_REDIS_URL ?? ''
    const planes = [createRedisBackplane({ url, prefix }), createRedisBackplane({ url, prefix })]
    const writerDatabase = await createTestDatabase()
    const readerDatabase = await poolOfAnotherProcess(writerDatabase)
    const writer = await startLiveApp(writerDatabase, planes[0]!)
    // B checks the author's session cookie (signed in on A) through its own pool.
    const reader = await startLiveApp(readerDatabase, planes[1]!)
    const author = await createUser(writerDatabase.db, { displayName: 'Morning Light' })
    const reactor = await createUser(writerDatabase.db, { displayName: 'Still Water' })
    const authorCookie = await signIn(writer.app, author)
    const reactorCookie = await signIn(writer.app, reactor)
    const { intention_id: id } = await postIntention(writer.app, authorCookie)
    const connection = connectAs(reader.url, authorCookie)
    try {
      await connection.start()
      const notified = eventOf<Notification>(
        connection,
        'NewNotification',
        (n) => n.sourceIntentionId === id,
      )
      await write(writer.app, reactorCookie, 'POST', `/api/v1/intentions/${id}/reactions`, {
        kind: 'amen',
      })
      expect(await notified).toMatchObject({
        type: 'PrayerAmenReaction',
        sourceUserDisplayName: 'Still Water',
      })
    } finally {
      await connection.stop()
      await writer.close()
      await reader.close()
      await Promise.all(planes.map((plane) => plane.close()))
      if (readerDatabase !== writerDatabase) await readerDatabase.close()
      await writerDatabase.close()
    }
  })
})
