import type { HubConnection } from './connection'
import { type Hub, type HubLogger, HubMethodError, type HubMethodHandler } from './hub-api'
import {
  CLOSE_WITH_ERROR,
  completionRecord,
  HANDSHAKE_OK,
  handshakeError,
  type HubMessage,
  MessageType,
  parseHandshake,
  parseMessage,
  splitRecords,
  streamingMismatchError,
  unexpectedError,
  unknownMethodError,
} from './protocol'

// A record larger than this cannot be one of ours: drop the connection instead of buffering it.
const MAX_RECORD_CHARS = 64 * 1024

interface DispatcherOptions {
  hub: Hub
  /** Ends a connection, sending it this record first (a Close) when given. */
  close(connection: HubConnection, record?: string): void
  methods: Record<string, HubMethodHandler>
  logger: HubLogger
  now: () => number
  onConnected(connection: HubConnection): void
}

export function createDispatcher({
  hub,
  close,
  methods,
  logger,
  now,
  onConnected,
}: DispatcherOptions) {
  // Method names match case-insensitively, as in .NET's DefaultHubDispatcher.
  const byName = new Map(
    Object.entries(methods).map(([name, handler]) => [name.toLowerCase(), handler]),
  )

  const invoke = async (
    connection: HubConnection,
    message: Extract<HubMessage, { target: string }>,
  ): Promise<void> => {
    const { target } = message
    const id = message.invocationId
    const reply = (outcome: { result?: unknown } | { error: string }): void => {
      if (id !== undefined) connection.send(completionRecord(id, outcome), now())
    }
    const handler = byName.get(target.toLowerCase())
    if (!handler) return reply({ error: unknownMethodError(target) })
    if (message.type === MessageType.StreamInvocation)
      return reply({ error: streamingMismatchError(target) })
    try {
      const context = {
        userId: connection.userId,
        secondFactor: connection.secondFactor,
        connectionId: connection.connectionId,
        hub,
      }
      const result = await handler(context, ...message.arguments)
      // Serialise here so an unserialisable result becomes an error completion, not a crash.
      JSON.stringify(result)
      reply({ result })
    } catch (error) {
      if (error instanceof HubMethodError)
        return reply({ error: unexpectedError(target, error.message) })
      logger.error({ err: error, target, reqId: connection.requestId }, 'hub method failed')
      reply({ error: unexpectedError(target) })
    }
  }

  const handle = (connection: HubConnection, message: HubMessage): void => {
    switch (message.type) {
      case MessageType.Invocation:
      case MessageType.StreamInvocation:
        void invoke(connection, message)
        return
      case MessageType.Ping:
        connection.clientPinged = true
        return
      case MessageType.Close:
        // The client is leaving: no Close back, just end the transport.
        close(connection)
        return
      default:
        // Stream items, client results, cancels, acks: none of our methods use them.
        return
    }
  }

  const handshake = (connection: HubConnection, record: string): void => {
    const result = parseHandshake(record)
    if (!result.ok) {
      connection.send(handshakeError(result.error), now())
      close(connection)
      return
    }
    connection.send(HANDSHAKE_OK, now())
    connection.state = 'connected'
    onConnected(connection)
  }

  return {
    receive(connection: HubConnection, text: string): void {
      connection.lastReceivedAt = now()
      const { records, rest } = splitRecords(connection.incoming + text)
      connection.incoming = rest
      if (rest.length > MAX_RECORD_CHARS) return close(connection, CLOSE_WITH_ERROR)
      for (const record of records) {
        if (connection.state === 'handshaking') handshake(connection, record)
        else if (connection.state === 'connected') {
          const parsed = parseMessage(record)
          if (!parsed.ok) {
            logger.warn(
              {
                connectionId: connection.connectionId,
                reqId: connection.requestId,
                error: parsed.error,
              },
              'hub protocol error',
            )
            return close(connection, CLOSE_WITH_ERROR)
          }
          handle(connection, parsed.message)
        } else return
      }
    },
  }
}
