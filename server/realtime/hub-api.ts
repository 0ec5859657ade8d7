import type { HubSender } from './hub-sender'
import type { TransportName } from './negotiate'

// What the rest of the server and the hub's methods see of the hub. Its own file so that
// hub.ts, dispatch.ts and the methods all import it and none of them imports another back.

/** The hub as the rest of the server sees it (`fastify.hub`). */
export interface Hub extends HubSender {
  readonly instanceId: string
  /** Only for connections on this process (e.g. from a hub method); false when unknown here. */
  addToGroup(connectionId: string, group: string): boolean
  removeFromGroup(connectionId: string, group: string): boolean
  /** Counts connections on this process (after the handshake). */
  connectionCount(): number
  /** Whether the user has a connection on this process past the handshake (Web Push skips them). */
  hasUserConnection(userId: string): boolean
  /** For /metrics: connected clients by transport, and events delivered since start. */
  stats(): HubStats
}

export interface HubStats {
  connections: Record<TransportName, number>
  messagesSent: number
}

export interface HubLogger {
  info(obj: object, msg?: string): void
  warn(obj: object, msg?: string): void
  error(obj: object, msg?: string): void
}

export interface HubMethodContext {
  userId: string
  connectionId: string
  hub: Hub
}
export type HubMethodHandler = (context: HubMethodContext, ...args: unknown[]) => unknown

/** Thrown by a hub method: its message reaches the caller (any other error stays in the log). */
export class HubMethodError extends Error {}
