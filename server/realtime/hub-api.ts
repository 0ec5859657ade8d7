import { z } from 'zod'
import type { RosterMember } from './backplane'
import type { HubSender } from './hub-sender'
import type { TransportName } from './negotiate'
import type { RosterEntry } from './roster'

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
  /**
   * Puts a connection of this process in a group and its roster (roster.ts): every process
   * then knows the user is there, with `member`'s name, until the connection leaves or ends.
   * Joining again with another member replaces it. False when unknown here.
   */
  /**
   * Sends to this process's connections in a group only: for events every process raises
   * itself at the same moment (a room's list stepping on by the clock), which a backplane send
   * would deliver once per process.
   */
  deliverHere(group: string, target: string, args: readonly unknown[]): void
  joinRoster(connectionId: string, group: string, member: RosterMember): boolean
  leaveRoster(connectionId: string, group: string): void
  /** The group's members on every process, one entry per user. */
  roster(group: string): RosterEntry[]
  /**
   * How a roster change of groups named `prefix…` reaches their members: the event `render`
   * returns is delivered to this process's connections in the group, at most every
   * ROSTER_UPDATE_MS (the latest state wins), or nothing when it returns null.
   */
  onRosterChange(prefix: string, render: RosterRender): void
}

export type RosterRender = (
  group: string,
  members: RosterEntry[],
) => { target: string; args: unknown[] } | null

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
  /** The connection's session proved two factors: staff rights apply (issue 39). */
  secondFactor: boolean
  connectionId: string
  hub: Hub
}
export type HubMethodHandler = (context: HubMethodContext, ...args: unknown[]) => unknown

/** Thrown by a hub method: its message reaches the caller (any other error stays in the log). */
export class HubMethodError extends Error {}

/** A hub method's argument read through its contract schema; anything else is refused. */
export function parseHubArgument<T>(schema: z.core.$ZodType<T>, value: unknown): T {
  const parsed = z.safeParse(schema, value)
  if (!parsed.success) throw new HubMethodError('Invalid arguments.')
  return parsed.data
}
