// Who is praying now, per intention (StartPraying … StopPraying). Each process counts its own
// people and shares that absolute count over the backplane; the total is the sum over processes.
// A process that dies without saying so leaves its last count behind until it restarts
// (docs/realtime.md).

export interface Presence {
  /** Returns this process's new count when the caller changed it, else null. */
  start(userId: string, intentionId: string): number | null
  stop(userId: string, intentionId: string): number | null
  /** Records a process's count (ours included) and returns the new total. */
  apply(instanceId: string, intentionId: string, count: number): number
  total(intentionId: string): number
}

export function createPresence(instanceId: string): Presence {
  // intention -> user -> how many of that user's connections pray for it (a user counts once).
  const local = new Map<string, Map<string, number>>()
  // intention -> process -> its count.
  const counts = new Map<string, Map<string, number>>()

  const apply = (from: string, intentionId: string, count: number): number => {
    let byInstance = counts.get(intentionId)
    if (count > 0) {
      if (!byInstance) counts.set(intentionId, (byInstance = new Map()))
      byInstance.set(from, count)
    } else if (byInstance) {
      byInstance.delete(from)
      if (byInstance.size === 0) counts.delete(intentionId)
    }
    return total(intentionId)
  }

  const total = (intentionId: string): number => {
    let sum = 0
    for (const count of counts.get(intentionId)?.values() ?? []) sum += count
    return sum
  }

  return {
    start(userId, intentionId) {
      let users = local.get(intentionId)
      if (!users) local.set(intentionId, (users = new Map()))
      const before = users.get(userId) ?? 0
      users.set(userId, before + 1)
      if (before > 0) return null
      apply(instanceId, intentionId, users.size)
      return users.size
    },
    stop(userId, intentionId) {
      const users = local.get(intentionId)
      const before = users?.get(userId) ?? 0
      if (!users || before === 0) return null
      if (before > 1) {
        users.set(userId, before - 1)
        return null
      }
      users.delete(userId)
      if (users.size === 0) local.delete(intentionId)
      apply(instanceId, intentionId, users.size)
      return users.size
    },
    apply,
    total,
  }
}
