import type { Backplane } from './backplane'

declare module 'fastify' {
  interface FastifyInstance {
    /** Sends hub events from any process role: the hub where this process hosts it (app.ts). */
    hubSender: HubSender
  }
}

/** The sending half of the hub: all a process needs to raise events, even one without the hub endpoint. */
export interface HubSender {
  sendToUser(userId: string, target: string, args: readonly unknown[]): Promise<void>
  sendToAll(target: string, args: readonly unknown[]): Promise<void>
  sendToGroup(group: string, target: string, args: readonly unknown[]): Promise<void>
  /** Re-checks every connection's session on every process; call it after logout or reset. */
  revalidate(): Promise<void>
  /** Takes a user (null: everyone) out of a group and its roster on every process. */
  removeFromRoster(group: string, userId: string | null): Promise<void>
}

// Sends only publish: every process hosting the hub (this one included) delivers to its own
// connections. So SERVER_ROLE=api can notify clients connected to the notifications process.
export function createHubSender(backplane: Backplane): HubSender {
  return {
    sendToUser: (userId, target, args) =>
      backplane.publish({ kind: 'send', group: `user:${userId}`, target, args: [...args] }),
    sendToAll: (target, args) =>
      backplane.publish({ kind: 'send', group: null, target, args: [...args] }),
    sendToGroup: (group, target, args) =>
      backplane.publish({ kind: 'send', group, target, args: [...args] }),
    revalidate: () => backplane.publish({ kind: 'revalidate' }),
    removeFromRoster: (group, userId) => backplane.publish({ kind: 'roster-kick', group, userId }),
  }
}
