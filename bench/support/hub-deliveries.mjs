// bench:community's hub delivery figures (bench/support/community-load.mjs): which member got
// which write's count when, matched from the writes' answers and the CounterUpdates the members'
// sockets receive. A member is { index, socket, watched: Map, seen: Map }.
import { WebSocket } from 'ws'

/** `onDelivery(ms)` hears each delivery's time, from the write's request to the update's receipt. */
export function hubDeliveries({ clock, onDelivery }) {
  // Writes to be delivered, per prayer and counter, in count order: { count, at, by }. A write is
  // known only once its answer is back, often after other members already got the update carrying
  // its count (the update goes out on commit, the answer on its own way back), so a write is
  // matched both ways: against the updates a member receives from then on, and against the recent
  // updates the member had already received (`seen`).
  const pending = new Map()
  // The members watching each prayer (from the server's answer to WatchIntentions).
  const watchers = new Map()
  // The updates a member received per prayer and counter kept for matching late writes: the
  // last SEEN_KEPT, counts rising ([count, at]). A write older than all of them is matched to the
  // oldest, which can only lengthen its delivery (the figure errs long, never short).
  const SEEN_KEPT = 16

  const counterKey = (intentionId, counter) => `${intentionId}:${counter}`

  // A write not carried to every member watching its prayer this long after it was made counts
  // as a missing delivery for each who lacks it: a lost update would otherwise only shrink the
  // figures' count, never show in the p99. Checked writes leave `pending`, which keeps it small.
  const MISSING_AFTER_MS = 10_000
  let unchecked = []
  function missing() {
    const due = clock() - MISSING_AFTER_MS
    let count = 0
    const later = []
    for (const write of unchecked) {
      if (write.at >= due) {
        later.push(write)
        continue
      }
      for (const member of watchers.get(write.intentionId) ?? []) {
        if (member.index === write.by || member.socket?.readyState !== WebSocket.OPEN) continue
        if (!(member.watched.get(write.intentionId) <= write.at)) continue
        const seen = member.seen.get(write.key)
        if (!seen || seen[seen.length - 1][0] < write.count) count += 1
      }
      const list = pending.get(write.key)
      list.splice(list.indexOf(write), 1)
    }
    unchecked = later
    return count
  }

  function deliver(member, intentionId, write, at) {
    const since = member.watched.get(intentionId)
    if (since !== undefined && write.by !== member.index && write.at >= since)
      onDelivery(at - write.at)
  }

  function expect(intentionId, counter, count, at, by) {
    const key = counterKey(intentionId, counter)
    let list = pending.get(key)
    if (!list) pending.set(key, (list = []))
    const write = { count, at, by, intentionId, key }
    list.splice(firstAbove(list, count), 0, write)
    unchecked.push(write)
    for (const member of watchers.get(intentionId) ?? []) {
      const seen = member.seen.get(key)
      if (!seen || seen[seen.length - 1][0] < count) continue
      const first = seen.find(([value]) => value >= count)
      deliver(member, intentionId, write, first[1])
    }
  }

  /** The index of the first write in `list` (count order) whose count is above `count`. */
  function firstAbove(list, count) {
    let low = 0
    let high = list.length
    while (low < high) {
      const middle = (low + high) >> 1
      if (list[middle].count <= count) low = middle + 1
      else high = middle
    }
    return low
  }

  function received(member, update, at) {
    if (!member.watched.has(update.intentionId)) return
    for (const counter of ['prayed_count', 'amen_count']) {
      const value = update[counter]
      if (typeof value !== 'number') continue
      const key = counterKey(update.intentionId, counter)
      let seen = member.seen.get(key)
      if (!seen) member.seen.set(key, (seen = []))
      const before = seen.length > 0 ? seen[seen.length - 1][0] : -Infinity
      if (value <= before) continue
      seen.push([value, at])
      if (seen.length > SEEN_KEPT) seen.shift()
      // The writes this update is the first to carry: counts above the last one seen, up to it.
      const list = pending.get(key) ?? []
      for (let index = firstAbove(list, before); index < list.length; index += 1) {
        if (list[index].count > value) break
        deliver(member, update.intentionId, list[index], at)
      }
    }
  }

  // A member watches a prayer from the moment the server answers WatchIntentions (it has joined
  // the prayer's group), not from the moment it was asked: a write between the two raises an
  // update this member never gets, which would otherwise count as delivered only with the
  // prayer's next write (a "delivery" as long as the time between two prayers; the 4 s tail
  // of the first quiet run at 250 members).
  const NOT_YET = Number.POSITIVE_INFINITY
  function watching(member, completion, at) {
    for (const id of completion.result?.watching ?? []) {
      if (member.watched.get(id) !== NOT_YET) continue
      member.watched.set(id, at)
      let members = watchers.get(id)
      if (!members) watchers.set(id, (members = new Set()))
      members.add(member)
    }
  }

  /** The ids of `ids` the member does not watch yet, now asked for (watched from the answer). */
  function asked(member, ids) {
    const fresh = ids.filter((id) => !member.watched.has(id))
    for (const id of fresh) member.watched.set(id, NOT_YET)
    return fresh
  }

  return { expect, received, watching, asked, missing }
}
