import { randomUUID } from 'node:crypto'
import { HubEvent } from '@contract/hub'
import { authRequest, servedUserId, type HubAuthenticate } from './auth'
import type { Backplane, BackplaneMessage } from './backplane'
import { HubConnection, type TransportSink } from './connection'
import { ConnectionRegistry } from './connection-registry'
import type { Hub, HubLogger, HubMethodHandler, HubStats, RosterRender } from './hub-api'
import { createHubSender } from './hub-sender'
import { createDispatcher } from './dispatch'
import { type CanWatch, createIntentionMethods } from './intention-methods'
import { newConnectionIds, TRANSPORTS } from './negotiate'
import { createPresence } from './presence'
import { CLOSE_WITH_ERROR, closeRecord, invocationRecord, PING_RECORD } from './protocol'
import { createRoster } from './roster'

export interface HubOptions {
  backplane: Backplane
  authenticate: HubAuthenticate
  methods: Record<string, HubMethodHandler>
  /** Checked before WatchIntentions and StartPraying join an intention; default: everyone may. */
  canWatch?: CanWatch
  logger: HubLogger
  keepAliveMs: number
  clientTimeoutMs: number
  /** Safety net for sessions that expire without a revalidate() call; 0 turns it off. */
  revalidateEveryMs: number
  now?: () => number
}

/** The hub plus what the transports need. */
export interface HubRuntime extends Hub {
  open(userId: string, cookie: string, version: 0 | 1, requestId?: string): HubConnection
  find(token: string): HubConnection | undefined
  activate(connection: HubConnection, sink: TransportSink): void
  receive(connection: HubConnection, text: string): void
  close(connection: HubConnection, record?: string): void
  start(): void
  /** Ends every connection, asking clients to reconnect (to another process, or to us once back). */
  stop(): Promise<void>
}

// .NET's defaults: a negotiated connection that never activates, and a handshake that never
// comes, are dropped after 15 s (notes §1, §3).
const ACTIVATION_TIMEOUT_MS = 15_000
const HANDSHAKE_TIMEOUT_MS = 15_000
// A client that reads slower than we write is dropped rather than buffered without bound.
const MAX_BUFFERED_BYTES = 1 << 20
const SESSION_ENDED = 'Your session has ended.'
/** A roster's members hear of its changes at most this often: 2,000 arriving is not 2,000². */
export const ROSTER_UPDATE_MS = 200

export function createHub(options: HubOptions): HubRuntime {
  const { backplane, authenticate, logger, keepAliveMs, clientTimeoutMs } = options
  const now = options.now ?? Date.now
  const instanceId = randomUUID()
  const registry = new ConnectionRegistry()
  const presence = createPresence(instanceId)
  const timers: NodeJS.Timeout[] = []
  const renders: { prefix: string; render: RosterRender }[] = []
  // group -> when its members last heard of a change, and the pending (trailing) update.
  const rosterUpdates = new Map<string, { at: number; timer: NodeJS.Timeout | null }>()
  let unsubscribe = (): void => {}
  let messagesSent = 0

  const deliver = (group: string | null, record: string): void => {
    const at = now()
    for (const connection of registry.members(group))
      if (connection.state === 'connected') {
        connection.send(record, at)
        messagesSent += 1
      }
  }

  const publish = (message: BackplaneMessage): Promise<void> => backplane.publish(message)

  const deliverRoster = (group: string): void => {
    const update = rosterUpdates.get(group)
    if (update) update.timer = null
    const render = renders.find(({ prefix }) => group.startsWith(prefix))?.render
    const view = render?.(group, roster.members(group))
    if (!view) return
    rosterUpdates.set(group, { at: now(), timer: null })
    deliver(group, invocationRecord(view.target, view.args))
  }
  // At once when the group has been quiet, else once at the end of the interval.
  const rosterChanged = (group: string): void => {
    const update = rosterUpdates.get(group)
    if (update?.timer) return
    const wait = update ? update.at + ROSTER_UPDATE_MS - now() : 0
    if (wait <= 0) return deliverRoster(group)
    const timer = setTimeout(() => deliverRoster(group), wait)
    timer.unref()
    rosterUpdates.set(group, { at: update!.at, timer })
  }
  const roster = createRoster({
    instanceId,
    publish: (message) => void publish(message).catch(report),
    changed: (group) => {
      if (registry.hasMembers(group)) rosterChanged(group)
      else rosterUpdates.delete(group)
    },
    beatEveryMs: keepAliveMs,
    expireAfterMs: clientTimeoutMs,
    now,
  })
  const leaveRoster = (connection: HubConnection, group: string): void => {
    if (!connection.rosters?.delete(group)) return
    registry.leave(connection, group)
    roster.leave(connection.connectionId, connection.userId, group)
  }

  const onBackplane = (message: BackplaneMessage): void => {
    if (message.kind === 'send')
      deliver(message.group, invocationRecord(message.target, message.args))
    else if (message.kind === 'presence') {
      const prayingNow = presence.apply(message.instanceId, message.intentionId, message.count)
      const event = { intentionId: message.intentionId, prayingNow }
      deliver(
        `intention:${message.intentionId}`,
        invocationRecord(HubEvent.PresenceUpdate, [event]),
      )
    } else if (message.kind === 'revalidate') void revalidateLocal()
    else if (message.kind === 'roster-kick') {
      for (const connection of [...registry.members(message.group)])
        if (message.userId === null || connection.userId === message.userId)
          leaveRoster(connection, message.group)
    } else roster.apply(message, now())
  }

  const close = (connection: HubConnection, record?: string): void => {
    if (connection.state === 'closed') return
    if (record && connection.state === 'connected') connection.send(record, now())
    if (connection.state === 'connected')
      logger.info(
        {
          reqId: connection.requestId,
          connectionId: connection.connectionId,
          transport: connection.transport?.name,
          seconds: Math.round((now() - connection.activatedAt) / 1000),
        },
        'hub connection closed',
      )
    connection.state = 'closed'
    connection.transport?.end()
    for (const group of [...(connection.rosters ?? [])]) leaveRoster(connection, group)
    registry.remove(connection)
    for (const intentionId of connection.praying ?? []) {
      const count = presence.stop(connection.userId, intentionId)
      if (count !== null)
        void publish({ kind: 'presence', instanceId, intentionId, count }).catch(report)
    }
  }

  const report = (error: unknown): void =>
    logger.error({ err: error }, 'hub backplane publish failed')

  const check = async (connection: HubConnection): Promise<void> => {
    try {
      const user = await authenticate(authRequest({ cookie: connection.cookie }))
      if (servedUserId(user) !== connection.userId)
        close(connection, closeRecord({ error: SESSION_ENDED }))
    } catch (error) {
      // A database hiccup must not sign everyone out; the next check decides.
      logger.warn({ err: error, reqId: connection.requestId }, 'hub session re-check failed')
    }
  }
  // A few at a time so 5,000 connections do not become 5,000 simultaneous queries.
  async function revalidateLocal(): Promise<void> {
    const connections = [...registry.all()]
    for (let i = 0; i < connections.length; i += 20)
      await Promise.all(connections.slice(i, i + 20).map(check))
  }

  // One timer for all connections: keep-alive pings, client timeouts, stale handshakes.
  const tick = (): void => {
    const at = now()
    roster.tick(at)
    for (const connection of registry.all()) {
      const { state, transport } = connection
      if (state === 'negotiated') {
        if (at - connection.createdAt > ACTIVATION_TIMEOUT_MS) close(connection)
      } else if (
        transport &&
        (transport.buffered() > MAX_BUFFERED_BYTES || transport.tick?.(at) === false)
      ) {
        close(connection, CLOSE_WITH_ERROR)
      } else if (state === 'handshaking') {
        if (at - connection.activatedAt > HANDSHAKE_TIMEOUT_MS) close(connection)
      } else if (state === 'connected' && transport?.name !== 'LongPolling') {
        // Long polling has no pings either way: the client runs no timers on it (notes §2).
        if (connection.clientPinged && at - connection.lastReceivedAt > clientTimeoutMs) {
          close(connection, CLOSE_WITH_ERROR)
        } else if (at - connection.lastSentAt >= keepAliveMs) connection.send(PING_RECORD, at)
      }
    }
  }

  const hub: HubRuntime = {
    instanceId,
    ...createHubSender(backplane),
    addToGroup: (connectionId, group) => {
      const connection = registry.byIdOf(connectionId)
      return connection ? registry.join(connection, group) : false
    },
    removeFromGroup: (connectionId, group) => {
      const connection = registry.byIdOf(connectionId)
      return connection ? registry.leave(connection, group) : false
    },
    connectionCount: () => [...registry.all()].filter((c) => c.state === 'connected').length,
    deliverHere: (group, target, args) => deliver(group, invocationRecord(target, args)),
    joinRoster(connectionId, group, member) {
      const connection = registry.byIdOf(connectionId)
      if (!connection || !registry.join(connection, group)) return false
      ;(connection.rosters ??= new Set()).add(group)
      roster.join(connectionId, connection.userId, group, member)
      return true
    },
    leaveRoster(connectionId, group) {
      const connection = registry.byIdOf(connectionId)
      if (connection) leaveRoster(connection, group)
    },
    roster: (group) => roster.members(group),
    onRosterChange(prefix, render) {
      renders.push({ prefix, render })
    },
    hasUserConnection: (userId) =>
      [...registry.members(`user:${userId}`)].some((c) => c.state === 'connected'),
    stats() {
      const connections = Object.fromEntries(
        TRANSPORTS.map((name) => [name, 0]),
      ) as HubStats['connections']
      for (const { state, transport } of registry.all())
        if (state === 'connected' && transport) connections[transport.name] += 1
      return { connections, messagesSent }
    },

    open(userId, cookie, version, requestId) {
      const ids = newConnectionIds(version)
      const connection = new HubConnection(ids.connectionId, ids.token, userId, cookie, now())
      connection.requestId = requestId ?? null
      registry.add(connection)
      return connection
    },
    find: (token) => registry.byTokenOf(token),
    activate(connection, sink) {
      connection.transport = sink
      connection.state = 'handshaking'
      connection.activatedAt = now()
      connection.lastReceivedAt = connection.activatedAt
    },
    receive: (connection, text) => dispatcher.receive(connection, text),
    close,
    start() {
      unsubscribe = backplane.subscribe(onBackplane)
      roster.sync()
      timers.push(setInterval(tick, Math.max(20, Math.min(1000, Math.floor(keepAliveMs / 3)))))
      if (options.revalidateEveryMs > 0)
        timers.push(setInterval(revalidateLocal, options.revalidateEveryMs))
      for (const timer of timers) timer.unref()
    },
    async stop() {
      for (const timer of timers.splice(0)) clearInterval(timer)
      for (const update of rosterUpdates.values()) if (update.timer) clearTimeout(update.timer)
      // Our members leave every roster before the backplane goes: not a crash, so no wait.
      for (const connection of [...registry.all()])
        for (const group of [...(connection.rosters ?? [])]) leaveRoster(connection, group)
      unsubscribe()
      for (const connection of [...registry.all()])
        close(connection, closeRecord({ allowReconnect: true }))
    },
  }

  const builtIn = createIntentionMethods({
    canWatch: options.canWatch ?? (() => true),
    presence,
    now,
    connection: (connectionId) => registry.byIdOf(connectionId),
    publishPresence: (intentionId, count) =>
      publish({ kind: 'presence', instanceId, intentionId, count }),
  })
  const dispatcher = createDispatcher({
    hub,
    close,
    methods: { ...builtIn, ...options.methods },
    logger,
    now,
    onConnected: (connection) => registry.join(connection, `user:${connection.userId}`),
  })
  return hub
}
