import { z } from 'zod'

// Every hub send goes through a backplane so that a send on one server process reaches clients
// connected to another (DESIGN §7). In-process by default; Redis pub/sub when REDIS_URL is set.

export const RosterMemberSchema = z.object({ name: z.string(), seen: z.boolean() })
export type RosterMember = z.infer<typeof RosterMemberSchema>

export const BackplaneMessageSchema = z.discriminatedUnion('kind', [
  // `group: null` is everyone.
  z.object({
    kind: z.literal('send'),
    group: z.string().nullable(),
    target: z.string(),
    args: z.array(z.unknown()),
  }),
  // Absolute per-process counts, so a repeated or self-delivered message changes nothing.
  z.object({
    kind: z.literal('presence'),
    instanceId: z.string(),
    intentionId: z.string(),
    count: z.number().int(),
  }),
  z.object({ kind: z.literal('revalidate') }),
  // Rosters (roster.ts): who is in a group, with names, shared between processes. A change on
  // one process, each process's whole roster now and then (a process that stops sending it is
  // gone), a request for everyone's (a process that starts), and a removal from a group.
  z.object({
    kind: z.literal('roster'),
    instanceId: z.string(),
    group: z.string(),
    userId: z.string(),
    member: RosterMemberSchema.nullable(),
  }),
  z.object({
    kind: z.literal('roster-beat'),
    instanceId: z.string(),
    groups: z.record(z.string(), z.record(z.string(), RosterMemberSchema)),
  }),
  z.object({ kind: z.literal('roster-sync'), instanceId: z.string() }),
  // `userId: null` empties the group.
  z.object({ kind: z.literal('roster-kick'), group: z.string(), userId: z.string().nullable() }),
])
export type BackplaneMessage = z.infer<typeof BackplaneMessageSchema>

export interface Backplane {
  /** Delivers to every subscriber, this process's included. */
  publish(message: BackplaneMessage): Promise<void>
  /** Returns the unsubscribe function. */
  subscribe(handler: (message: BackplaneMessage) => void): () => void
  close(): Promise<void>
}

export function createInProcessBackplane(): Backplane {
  const handlers = new Set<(message: BackplaneMessage) => void>()
  return {
    // Delivered at once: in one process a send needs no hop, so a fan-out of one event to each
    // of 5,000 members reaches the first while the rest are still being written, as a bare
    // socket server's would (bench:hub, issue 22), instead of all of them after the last is
    // queued. Callers must not count on it: Redis delivers later, and CI runs every server test
    // through Redis too.
    publish(message) {
      for (const handler of handlers) handler(message)
      return Promise.resolve()
    },
    subscribe(handler) {
      handlers.add(handler)
      return () => handlers.delete(handler)
    },
    async close() {
      handlers.clear()
    },
  }
}
