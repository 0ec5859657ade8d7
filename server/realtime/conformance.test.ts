import { HttpTransportType, HubConnectionState, type HubConnection } from '@microsoft/signalr'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import {
  HUB_KEEP_ALIVE_MS,
  HUB_SERVER_TIMEOUT_MS,
  HubEvent,
  HubMethod,
  type PresenceUpdateEvent,
} from '@contract/hub'
import { expectLoggedError } from '../../tests/helpers/logged-errors'
import { HubMethodError } from './hub-api'
import {
  buildClient,
  delay,
  HUB_TEST_TIMEOUT_MS,
  nextEvent,
  startHubServer,
  type HubTestServer,
} from './hub-test-server'

// The official client is the hub's conformance test (DESIGN §8): every scenario runs over each
// transport it can choose, because each one has its own wire rules (notes §2).
const transports = [
  ['WebSockets', HttpTransportType.WebSockets],
  ['ServerSentEvents', HttpTransportType.ServerSentEvents],
  ['LongPolling', HttpTransportType.LongPolling],
] as const

describe.each(transports)('the @microsoft/signalr client over %s', (_name, transport) => {
  let server: HubTestServer
  const open: HubConnection[] = []

  const connect = async (options?: Parameters<typeof buildClient>[2]) => {
    const client = buildClient(server.url, transport, options)
    open.push(client.connection)
    await client.connection.start()
    return client
  }

  beforeAll(async () => {
    server = await startHubServer({
      methods: {
        Add: (_context, a, b) => Number(a) + Number(b),
        WhoAmI: (context) => context.userId,
        Crash: () => {
          throw new Error('database password is hunter2')
        },
        Refuse: () => {
          throw new HubMethodError('Not allowed.')
        },
      },
    })
  })
  afterEach(async () => {
    await Promise.all(open.splice(0).map((connection) => connection.stop()))
  })
  afterAll(async () => {
    await server.close()
  })

  it('connects and receives an event sent to its user only', async () => {
    const alice = await connect()
    const bob = await connect({ cookie: 'session=bob-session' })
    expect(alice.connection.state).toBe(HubConnectionState.Connected)
    let bobGotIt = false
    bob.connection.on(HubEvent.UnreadCountUpdate, () => (bobGotIt = true))

    const received = nextEvent(alice.connection, HubEvent.UnreadCountUpdate)
    await server.app.hub.sendToUser('alice', HubEvent.UnreadCountUpdate, [{ unreadCount: 3 }])
    expect(await received).toEqual({ unreadCount: 3 })
    await delay(100)
    expect(bobGotIt).toBe(false)
  })

  it('answers invocations with their result, as the caller', async () => {
    const { connection } = await connect()
    expect(await connection.invoke('Add', 2, 3)).toBe(5)
    // Method names match case-insensitively, as in .NET.
    expect(await connection.invoke('whoami')).toBe('alice')
  })

  it('completes unknown methods and failures with errors that leak nothing', async () => {
    // The crash's detail stays in the log, at error level: this test causes it on purpose.
    expectLoggedError(/^hub method failed$/)
    const { connection } = await connect()
    await expect(connection.invoke('Nope')).rejects.toThrow("Unknown hub method 'Nope'")
    const crash = connection.invoke('Crash')
    await expect(crash).rejects.toThrow(
      "An unexpected error occurred invoking 'Crash' on the server.",
    )
    await expect(crash).rejects.not.toThrow(/hunter2/)
    await expect(connection.invoke('Refuse')).rejects.toThrow('HubException: Not allowed.')
    // The connection survives its failed calls.
    expect(await connection.invoke('Add', 1, 1)).toBe(2)
  })

  it('stays connected while idle past several keep-alive periods', async () => {
    const { connection } = await connect()
    let reconnecting = false
    connection.onreconnecting(() => (reconnecting = true))
    connection.onclose(() => (reconnecting = true))
    await delay(HUB_TEST_TIMEOUT_MS * 2)
    expect(reconnecting).toBe(false)
    expect(connection.state).toBe(HubConnectionState.Connected)
    expect(await connection.invoke('Add', 20, 22)).toBe(42)
  })

  it('rejects a client without a session at negotiate (401)', async () => {
    const { connection } = buildClient(server.url, transport, { cookie: null })
    await expect(connection.start()).rejects.toThrow("Status code '401'")
    const stranger = buildClient(server.url, transport, { cookie: 'session=forged' }).connection
    await expect(stranger.start()).rejects.toThrow("Status code '401'")
  })

  it('shares watched intentions’ counters and who is praying now', async () => {
    const alice = await connect()
    const bob = await connect({ cookie: 'session=bob-session' })
    expect(await alice.connection.invoke(HubMethod.WatchIntentions, ['i-1', 'i-1', 'i-2'])).toEqual(
      {
        watching: ['i-1', 'i-2'],
      },
    )

    const counter = nextEvent(alice.connection, HubEvent.CounterUpdate)
    await server.app.hub.sendToGroup('intention:i-1', HubEvent.CounterUpdate, [
      { intentionId: 'i-1', amen_count: 4 },
    ])
    expect(await counter).toEqual({ intentionId: 'i-1', amen_count: 4 })

    const praying = nextEvent<PresenceUpdateEvent>(alice.connection, HubEvent.PresenceUpdate)
    expect(await bob.connection.invoke(HubMethod.StartPraying, 'i-1')).toEqual({
      intentionId: 'i-1',
      prayingNow: 1,
    })
    expect(await praying).toEqual({ intentionId: 'i-1', prayingNow: 1 })

    // Leaving the page (disconnecting) stops the prayer.
    const stopped = nextEvent<PresenceUpdateEvent>(alice.connection, HubEvent.PresenceUpdate)
    await bob.connection.stop()
    expect(await stopped).toEqual({ intentionId: 'i-1', prayingNow: 0 })

    await expect(alice.connection.invoke(HubMethod.WatchIntentions, 'not-a-list')).rejects.toThrow(
      'HubException: Invalid arguments.',
    )
  })

  it('stops gracefully, and the server forgets the connection', async () => {
    const { connection } = await connect()
    await delay(50)
    expect(server.app.hub.connectionCount()).toBe(1)
    let closeError: Error | undefined | null = null
    connection.onclose((error) => (closeError = error))
    await connection.stop()
    expect(connection.state).toBe(HubConnectionState.Disconnected)
    expect(closeError).toBeUndefined()
    await expect.poll(() => server.app.hub.connectionCount()).toBe(0)
  })

  it('reconnects on its own after the server restarts on the same port', async () => {
    const port = server.port
    const { connection } = await connect({ reconnect: true })
    const firstId = connection.connectionId
    const reconnected = new Promise<string | undefined>((resolve) =>
      connection.onreconnected(resolve),
    )

    await server.close()
    server = await startHubServer({ port })
    const newId = await reconnected
    expect(connection.state).toBe(HubConnectionState.Connected)
    expect(newId).toBeTruthy()
    expect(newId).not.toBe(firstId)

    // The new connection is bound to its user again: events reach it.
    const received = nextEvent(connection, HubEvent.NewNotification)
    await server.app.hub.sendToUser('alice', HubEvent.NewNotification, [{ notificationId: 'n-1' }])
    expect(await received).toEqual({ notificationId: 'n-1' })
  })
})

// Issue 6: "survive 40 s idle (keep-alive)" with the settings the product ships (server ping
// 15 s and client timeout 30 s; client serverTimeout 30 s and keep-alive 15 s), not the shortened
// ones above. The three transports idle side by side so the suite waits 41 s once, not thrice.
describe('with the production keep-alive settings', () => {
  let server: HubTestServer
  const connections: HubConnection[] = []

  beforeAll(async () => {
    server = await startHubServer({
      methods: { Add: (_context, a, b) => Number(a) + Number(b) },
      keepAliveMs: HUB_KEEP_ALIVE_MS,
      clientTimeoutMs: HUB_SERVER_TIMEOUT_MS,
    })
  })
  afterAll(async () => {
    await Promise.all(connections.map((connection) => connection.stop()))
    await server.close()
  })

  it('every transport survives 41 s idle, then still invokes and receives', async () => {
    const dropped: string[] = []
    for (const [name, transport] of transports) {
      const { connection } = buildClient(server.url, transport)
      connection.serverTimeoutInMilliseconds = HUB_SERVER_TIMEOUT_MS
      connection.keepAliveIntervalInMilliseconds = HUB_KEEP_ALIVE_MS
      connection.onclose(() => dropped.push(name))
      connections.push(connection)
    }
    await Promise.all(connections.map((connection) => connection.start()))

    await delay(41_000)

    expect(dropped).toEqual([])
    for (const connection of connections)
      expect(connection.state).toBe(HubConnectionState.Connected)
    expect(await Promise.all(connections.map((c) => c.invoke('Add', 20, 22)))).toEqual([42, 42, 42])
    const received = connections.map((c) => nextEvent(c, HubEvent.UnreadCountUpdate))
    await server.app.hub.sendToUser('alice', HubEvent.UnreadCountUpdate, [{ unreadCount: 7 }])
    expect(await Promise.all(received)).toEqual(Array(3).fill({ unreadCount: 7 }))
  }, 70_000)
})
