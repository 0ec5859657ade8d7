import {
  HttpTransportType,
  HubConnectionBuilder,
  HubConnectionState,
  type HubConnection,
} from '@microsoft/signalr'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { HubEvent, HubMethod } from '@contract/hub'
import {
  buildClient,
  MemoryLogger,
  nextEvent,
  sessions,
  startHubServer,
  type HubTestServer,
} from './hub-test-server'

// Hub rules above the wire: who may watch what, how presence counts people, and sessions that
// end while connected. The transport does not matter here; WebSockets is the usual one.
describe('the hub', () => {
  let server: HubTestServer
  const open: HubConnection[] = []
  const connect = async (cookie = 'session=alice-session') => {
    const { connection } = buildClient(server.url, HttpTransportType.WebSockets, { cookie })
    open.push(connection)
    await connection.start()
    return connection
  }

  beforeAll(async () => {
    server = await startHubServer({
      // Intentions whose id starts with "private-" are hidden from everyone but alice.
      canWatch: (userId, intentionId) => !intentionId.startsWith('private-') || userId === 'alice',
      revalidateEveryMs: 200,
    })
  })
  afterEach(async () => {
    await Promise.all(open.splice(0).map((connection) => connection.stop()))
  })
  afterAll(async () => {
    await server.close()
  })

  it('lets a user watch and pray only for intentions they may see', async () => {
    const bob = await connect('session=bob-session')
    expect(await bob.invoke(HubMethod.WatchIntentions, ['public-1', 'private-1'])).toEqual({
      watching: ['public-1'],
    })
    await expect(bob.invoke(HubMethod.StartPraying, 'private-1')).rejects.toThrow(
      'HubException: Intention not found.',
    )

    let leaked = false
    bob.on(HubEvent.CounterUpdate, () => (leaked = true))
    const alice = await connect()
    await alice.invoke(HubMethod.WatchIntentions, ['private-1'])
    const seen = nextEvent(alice, HubEvent.CounterUpdate)
    await server.app.hub.sendToGroup('intention:private-1', HubEvent.CounterUpdate, [
      { intentionId: 'private-1' },
    ])
    await seen
    expect(leaked).toBe(false)
  })

  it('stops sending an intention’s events after UnwatchIntentions', async () => {
    const alice = await connect()
    await alice.invoke(HubMethod.WatchIntentions, ['public-2'])
    await alice.invoke(HubMethod.UnwatchIntentions, ['public-2'])
    let received = false
    alice.on(HubEvent.CounterUpdate, () => (received = true))
    await server.app.hub.sendToGroup('intention:public-2', HubEvent.CounterUpdate, [
      { intentionId: 'public-2' },
    ])
    // A marker sent after it proves the first one would have arrived by now.
    const marker = nextEvent(alice, 'Marker')
    await server.app.hub.sendToUser('alice', 'Marker', [])
    await marker
    expect(received).toBe(false)
  })

  it('counts a person once across tabs and shows the count to a page that starts watching', async () => {
    const tab1 = await connect('session=bob-session')
    const tab2 = await connect('session=bob-session')
    expect(await tab1.invoke(HubMethod.StartPraying, 'public-3')).toEqual({
      intentionId: 'public-3',
      prayingNow: 1,
    })
    expect(await tab2.invoke(HubMethod.StartPraying, 'public-3')).toEqual({
      intentionId: 'public-3',
      prayingNow: 1,
    })

    const watcher = await connect()
    const current = nextEvent(watcher, HubEvent.PresenceUpdate)
    await watcher.invoke(HubMethod.WatchIntentions, ['public-3'])
    expect(await current).toEqual({ intentionId: 'public-3', prayingNow: 1 })

    // Closing one tab keeps the person praying; StopPraying in the other ends it.
    await tab1.stop()
    const ended = nextEvent(watcher, HubEvent.PresenceUpdate)
    expect(await tab2.invoke(HubMethod.StopPraying, 'public-3')).toEqual({
      intentionId: 'public-3',
      prayingNow: 0,
    })
    expect(await ended).toEqual({ intentionId: 'public-3', prayingNow: 0 })
  })

  it('closes a connection whose session expired, without letting it reconnect', async () => {
    sessions.set('dave-session', 'dave')
    const { connection } = buildClient(server.url, HttpTransportType.WebSockets, {
      cookie: 'session=dave-session',
      reconnect: true,
    })
    open.push(connection)
    await connection.start()
    const closed = new Promise<Error | undefined>((resolve) => connection.onclose(resolve))
    sessions.delete('dave-session')
    expect((await closed)?.message).toBe(
      'Server returned an error on close: Your session has ended.',
    )
    expect(connection.state).toBe(HubConnectionState.Disconnected)
  })

  it('accepts a WebSocket client that skips negotiation', async () => {
    const connection = new HubConnectionBuilder()
      .withUrl(`${server.url}/hub/notifications`, {
        skipNegotiation: true,
        transport: HttpTransportType.WebSockets,
        headers: { Cookie: 'session=alice-session' },
      })
      .configureLogging(new MemoryLogger())
      .build()
    open.push(connection)
    await connection.start()
    const received = nextEvent(connection, HubEvent.UnreadCountUpdate)
    await server.app.hub.sendToUser('alice', HubEvent.UnreadCountUpdate, [{ unreadCount: 1 }])
    expect(await received).toEqual({ unreadCount: 1 })
  })
})
