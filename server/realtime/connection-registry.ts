import type { HubConnection } from './connection'

// A bound on what one connection can make the server remember (a wall page watches ≤ 100).
const MAX_GROUPS_PER_CONNECTION = 500

/** This process's connections, by secret token and by public id, and their group memberships. */
export class ConnectionRegistry {
  private readonly byToken = new Map<string, HubConnection>()
  private readonly byId = new Map<string, HubConnection>()
  private readonly groups = new Map<string, Set<HubConnection>>()

  add(connection: HubConnection): void {
    this.byToken.set(connection.token, connection)
    this.byId.set(connection.connectionId, connection)
  }

  remove(connection: HubConnection): void {
    this.byToken.delete(connection.token)
    this.byId.delete(connection.connectionId)
    for (const group of [...connection.groups]) this.leave(connection, group)
  }

  byTokenOf(token: string): HubConnection | undefined {
    return this.byToken.get(token)
  }

  byIdOf(connectionId: string): HubConnection | undefined {
    return this.byId.get(connectionId)
  }

  all(): IterableIterator<HubConnection> {
    return this.byToken.values()
  }

  /** Everyone (`null`) or one group's members. */
  members(group: string | null): Iterable<HubConnection> {
    return group === null ? this.byToken.values() : (this.groups.get(group) ?? [])
  }

  hasMembers(group: string): boolean {
    return this.groups.has(group)
  }

  join(connection: HubConnection, group: string): boolean {
    if (connection.state === 'closed') return false
    if (!connection.groups.has(group) && connection.groups.size >= MAX_GROUPS_PER_CONNECTION)
      return false
    let members = this.groups.get(group)
    if (!members) this.groups.set(group, (members = new Set()))
    members.add(connection)
    connection.groups.add(group)
    return true
  }

  leave(connection: HubConnection, group: string): boolean {
    const members = this.groups.get(group)
    if (!members?.delete(connection)) return false
    if (members.size === 0) this.groups.delete(group)
    connection.groups.delete(group)
    return true
  }
}
