import { randomUUID } from 'node:crypto'
import { HttpTransportType, HubConnectionState, type HubConnection } from '@microsoft/signalr'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { HubEvent, HubMethod } from '@contract/hub'
import { createInProcessBackplane, type Backplane } from './backplane'
import {
  buildClient,
  delay,
  nextEvent,
  sessions,
  startHubServer,
  type HubTestServer,
} from './hub-test-server'
import { createRedisBackplane } from './redis-backplane'

/**
 * Redis subscribes asynchronously: a message published before the other process's subscription
 * is live never reaches it (CI's Redis stage lost the first test's send that way, once). A probe
 * goes out until every backplane has heard one, so the contract starts on live subscriptions.
 */
async function heardByEach(backplanes: Backplane[]): Promise<void> {
  const heard = backplanes.map(
    (backplane) =>
      new Promise<void>((resolve) => {
        const stop = backplane.subscribe(() => {
          stop()
          resolve()
        })
      }),
  )
  const probe = () => void backplanes[0]!.publish({ kind: 'roster-sync', instanceId: 'probe' })
  probe()
  const timer = setInterval(probe, 50)
  try {
    await Promise.all(heard)
  } finally {
    clearInterval(timer)
  }
}

// The same contract for every backplane: two server processes (two Fastify servers here) share
// one, and what is sent on A reaches clients connected to B (DESIGN §7).
function backplaneContract(makeBackplanes: () => [Backplane, Backplane]) {
  let a: HubTestServer
  let b: HubTestServer
  let backplanes: Backplane[]
  const open: HubConnection[] = []

  const connectTo = async (server: HubTestServer, cookie = 'session=alice-session') => {
    const { connection } = buildClient(server.url, HttpTransportType.WebSockets, { cookie })
    open.push(connection)
    await connection.start()
    return connection
  }

  beforeAll(async () => {
    backplanes = makeBackplanes()
    await heardByEach(backplanes)
    a = await startHubServer({ backplane: backplanes[0] })
    b = await startHubServer({ backplane: backplanes[1] })
  })
  afterEach(async () => {
    await Promise.all(open.splice(0).map((connection) => connection.stop()))
  })
  afterAll(async () => {
    await Promise.all([a.close(), b.close()])
    await Promise.all(backplanes.map((backplane) => backplane.close()))
  })

  it('delivers a sendToUser issued on server A to the user’s client on server B', async () => {
    const onB = await connectTo(b)
    const received = nextEvent(onB, HubEvent.UnreadCountUpdate)
    await a.app.hub.sendToUser('alice', HubEvent.UnreadCountUpdate, [{ unreadCount: 7 }])
    expect(await received).toEqual({ unreadCount: 7 })
  })

  it('delivers sendToAll and group sends on every server', async () => {
    const onA = await connectTo(a, 'session=bob-session')
    const onB = await connectTo(b)
    await onB.invoke(HubMethod.WatchIntentions, ['i-9'])
    const both = Promise.all([nextEvent(onA, 'Announcement'), nextEvent(onB, 'Announcement')])
    await a.app.hub.sendToAll('Announcement', ['hello'])
    expect(await both).toEqual(['hello', 'hello'])

    const counter = nextEvent(onB, HubEvent.CounterUpdate)
    await a.app.hub.sendToGroup('intention:i-9', HubEvent.CounterUpdate, [
      { intentionId: 'i-9', prayed_count: 12 },
    ])
    expect(await counter).toEqual({ intentionId: 'i-9', prayed_count: 12 })
  })

  it('counts people praying on both servers together', async () => {
    const watcher = await connectTo(a)
    await watcher.invoke(HubMethod.WatchIntentions, ['i-7'])
    const prayerOnB = await connectTo(b, 'session=bob-session')
    const first = nextEvent(watcher, HubEvent.PresenceUpdate)
    await prayerOnB.invoke(HubMethod.StartPraying, 'i-7')
    expect(await first).toEqual({ intentionId: 'i-7', prayingNow: 1 })

    const prayerOnA = await connectTo(a)
    const second = nextEvent(watcher, HubEvent.PresenceUpdate)
    expect(await prayerOnA.invoke(HubMethod.StartPraying, 'i-7')).toEqual({
      intentionId: 'i-7',
      prayingNow: 2,
    })
    expect(await second).toEqual({ intentionId: 'i-7', prayingNow: 2 })
  })

  it('closes, on every server, the connections whose session has ended', async () => {
    const user = `carol-${randomUUID()}`
    sessions.set('carol-session', user)
    const onB = await connectTo(b, 'session=carol-session')
    const closed = new Promise<Error | undefined>((resolve) => onB.onclose(resolve))
    sessions.delete('carol-session')
    await a.app.hub.revalidate()
    expect((await closed)?.message).toBe(
      'Server returned an error on close: Your session has ended.',
    )
    expect(onB.state).toBe(HubConnectionState.Disconnected)
    await delay(50)
    expect(b.app.hub.connectionCount()).toBe(0)
  })
}

describe('the in-process backplane', () => {
  backplaneContract(() => {
    const shared = createInProcessBackplane()
    return [shared, shared]
  })
})

// CI sets TEST_REDIS_URL (scripts/test.mjs runs the server suite again with it).
describe.runIf(!!process.env.TEST_REDIS_URL)('the Redis backplane', () => {
  const url = process.env.TEST_REDIS_URL ?? ''
  // A prefix per run keeps parallel runs on one Redis from hearing each other.
  const prefix = `test-${randomUUID()}`
  backplaneContract(() => [
    createRedisBackplane({ url, prefix }),
    createRedisBackplane({ url, prefix }),
  ])
})
