import type { BackplaneMessage, RosterMember } from './backplane'

// Who is in a group, with their names, across processes (prayer rooms, issue 21). Each process
// keeps its own connections' members and tells the others of every change; it also sends its
// whole roster every `beatEveryMs`, and a process not heard from for `expireAfterMs` is taken
// for dead: its members leave. So a crashed process leaves no ghosts past the hub's timeout
// (unlike intention presence, presence.ts, whose counts stay until a restart).

export interface RosterEntry extends RosterMember {
  userId: string
}

type RosterMessage = Extract<
  BackplaneMessage,
  { kind: 'roster' } | { kind: 'roster-beat' } | { kind: 'roster-sync' }
>

export interface Roster {
  join(connectionId: string, userId: string, group: string, member: RosterMember): void
  leave(connectionId: string, userId: string, group: string): void
  apply(message: RosterMessage, at: number): void
  /** One entry per user, whichever processes they are connected to. */
  members(group: string): RosterEntry[]
  /** On the hub's tick: send our roster when due, forget processes gone silent. */
  tick(at: number): void
  /** Asks the other processes for their rosters (a process that starts knows none). */
  sync(): void
}

interface RosterOptions {
  instanceId: string
  publish(message: BackplaneMessage): void
  /** A group's members changed (here or on another process). */
  changed(group: string): void
  beatEveryMs: number
  expireAfterMs: number
  now(): number
}

type Members = Map<string, RosterMember>

const sameMember = (a: RosterMember | undefined, b: RosterMember | undefined) =>
  a?.name === b?.name && a?.seen === b?.seen

function sameMembers(a: Members | undefined, b: Members | undefined): boolean {
  if ((a?.size ?? 0) !== (b?.size ?? 0)) return false
  for (const [userId, member] of a ?? []) if (!sameMember(member, b?.get(userId))) return false
  return true
}

export function createRoster(options: RosterOptions): Roster {
  const { instanceId, publish, changed } = options
  // group -> user -> their member entry and this process's connections carrying it.
  const local = new Map<string, Map<string, { member: RosterMember; connections: Set<string> }>>()
  // process -> when last heard, and its groups.
  const remote = new Map<string, { heardAt: number; groups: Map<string, Members> }>()
  let lastBeat = 0

  const beat = (): void => {
    lastBeat = options.now()
    if (local.size === 0) return
    const groups: Record<string, Record<string, RosterMember>> = {}
    for (const [group, users] of local)
      groups[group] = Object.fromEntries([...users].map(([userId, { member }]) => [userId, member]))
    publish({ kind: 'roster-beat', instanceId, groups })
  }

  const remoteOf = (from: string, at: number) => {
    let state = remote.get(from)
    if (!state) remote.set(from, (state = { heardAt: at, groups: new Map() }))
    state.heardAt = at
    return state
  }

  return {
    join(connectionId, userId, group, member) {
      let users = local.get(group)
      if (!users) local.set(group, (users = new Map()))
      const entry = users.get(userId)
      if (entry) {
        entry.connections.add(connectionId)
        if (sameMember(entry.member, member)) return
        entry.member = member
      } else users.set(userId, { member, connections: new Set([connectionId]) })
      publish({ kind: 'roster', instanceId, group, userId, member })
      changed(group)
    },
    leave(connectionId, userId, group) {
      const users = local.get(group)
      const entry = users?.get(userId)
      if (!users || !entry?.connections.delete(connectionId) || entry.connections.size > 0) return
      users.delete(userId)
      if (users.size === 0) local.delete(group)
      publish({ kind: 'roster', instanceId, group, userId, member: null })
      changed(group)
    },
    apply(message, at) {
      if (message.instanceId === instanceId) return
      if (message.kind === 'roster-sync') return beat()
      const state = remoteOf(message.instanceId, at)
      if (message.kind === 'roster') {
        let members = state.groups.get(message.group)
        if (message.member) {
          if (!members) state.groups.set(message.group, (members = new Map()))
          members.set(message.userId, message.member)
        } else if (members) {
          members.delete(message.userId)
          if (members.size === 0) state.groups.delete(message.group)
        }
        changed(message.group)
        return
      }
      const before = state.groups
      state.groups = new Map(
        Object.entries(message.groups).map(([group, members]) => [
          group,
          new Map(Object.entries(members)),
        ]),
      )
      for (const group of new Set([...before.keys(), ...state.groups.keys()]))
        if (!sameMembers(before.get(group), state.groups.get(group))) changed(group)
    },
    members(group) {
      const merged = new Map<string, RosterEntry>()
      for (const [userId, { member }] of local.get(group) ?? [])
        merged.set(userId, { userId, ...member })
      for (const state of remote.values())
        for (const [userId, member] of state.groups.get(group) ?? [])
          if (!merged.has(userId)) merged.set(userId, { userId, ...member })
      return [...merged.values()]
    },
    tick(at) {
      if (at - lastBeat >= options.beatEveryMs) beat()
      for (const [from, state] of remote) {
        if (at - state.heardAt <= options.expireAfterMs) continue
        remote.delete(from)
        for (const group of state.groups.keys()) changed(group)
      }
    },
    sync() {
      publish({ kind: 'roster-sync', instanceId })
      beat()
    },
  }
}
