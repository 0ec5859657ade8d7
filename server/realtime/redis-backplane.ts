import { Redis } from 'ioredis'
import { z } from 'zod'
import { BackplaneMessageSchema, type Backplane, type BackplaneMessage } from './backplane'

export interface RedisBackplaneOptions {
  url: string
  /** Keeps several apps (or test runs) on one Redis apart. */
  prefix?: string
  /** Called once when Redis goes away (not for every failed reconnect), and for bad messages. */
  onError?: (error: unknown) => void
  /** Called when Redis answers again after an outage, with the sends replayed to the others. */
  onRestored?: (replayed: number) => void
  /** How long after Redis's return the sends made meanwhile go to the other processes. */
  replayAfterMs?: number
}

// While Redis is away (issue 44) a send still reaches this process's own clients and is kept
// (the newest MAX_KEPT, at most KEPT_MS old); once Redis is back they go to the other
// processes, marked with this process's id so it does not deliver them twice.
const MAX_KEPT = 10_000
const KEPT_MS = 5 * 60_000
const ReplaySchema = z.object({
  kind: z.literal('replay'),
  instanceId: z.string(),
  messages: z.array(z.unknown()),
})

// Back within a second of Redis's return (ioredis's default waits up to 2 s between tries).
const retryStrategy = (times: number) => Math.min(times * 50, 1_000)

// Two connections: a Redis connection in subscriber mode cannot publish.
export function createRedisBackplane({
  url,
  prefix = 'prayer',
  onError,
  onRestored,
  replayAfterMs = 1_500,
}: RedisBackplaneOptions): Backplane {
  const channel = `${prefix}:hub`
  const report = onError ?? (() => {})
  const instanceId = crypto.randomUUID()
  // Fail fast while Redis is away: the caller's send rejects instead of queueing without bound.
  const pub = new Redis(url, { maxRetriesPerRequest: 3, retryStrategy })
  const sub = new Redis(url, { retryStrategy })
  const handlers = new Set<(message: BackplaneMessage) => void>()
  const kept: { at: number; message: BackplaneMessage }[] = []
  let away = false
  let replayTimer: NodeJS.Timeout | null = null
  // Never rejects: ioredis subscribes again by itself once Redis is back.
  const ready = sub.subscribe(channel).catch(report)

  function wentAway(error: unknown) {
    if (away) return
    away = true
    report(error)
  }
  pub.on('error', wentAway)
  sub.on('error', wentAway)
  // Both connections are back (the subscriber resubscribed): the others' too, give or take
  // their own reconnect, hence the wait before the replay.
  const onReady = () => {
    if (!away || pub.status !== 'ready' || sub.status !== 'ready') return
    away = false
    if (replayTimer) clearTimeout(replayTimer)
    replayTimer = setTimeout(() => void replay(), replayAfterMs)
    replayTimer.unref()
  }
  pub.on('ready', onReady)
  sub.on('ready', onReady)

  function deliver(message: BackplaneMessage) {
    for (const handler of handlers) handler(message)
  }

  async function replay() {
    replayTimer = null
    const since = Date.now() - KEPT_MS
    const messages = kept.splice(0).filter((entry) => entry.at >= since)
    if (messages.length > 0)
      await pub
        .publish(
          channel,
          JSON.stringify({ kind: 'replay', instanceId, messages: messages.map((m) => m.message) }),
        )
        .catch(report)
    onRestored?.(messages.length)
  }

  /** Redis is away: this process's clients get it now, the others' after its return. */
  function keepForLater(message: BackplaneMessage) {
    deliver(message)
    // Presence and rosters are absolute and sent again every few seconds: only sends are kept.
    if (message.kind !== 'send') return
    kept.push({ at: Date.now(), message })
    if (kept.length > MAX_KEPT) kept.splice(0, kept.length - MAX_KEPT)
  }

  sub.on('message', (from: string, payload: string) => {
    if (from !== channel) return
    let json: unknown
    try {
      json = JSON.parse(payload)
    } catch (error) {
      report(error)
      return
    }
    const replayed = ReplaySchema.safeParse(json)
    if (replayed.success) {
      if (replayed.data.instanceId === instanceId) return
      for (const inner of replayed.data.messages) {
        const parsed = BackplaneMessageSchema.safeParse(inner)
        if (parsed.success) deliver(parsed.data)
      }
      return
    }
    const parsed = BackplaneMessageSchema.safeParse(json)
    if (!parsed.success) return report(parsed.error)
    deliver(parsed.data)
  })

  return {
    async publish(message) {
      // Before the first connection ioredis queues it (and any startup sends) as before.
      if (away) return keepForLater(message)
      await ready
      try {
        await pub.publish(channel, JSON.stringify(message))
      } catch (error) {
        wentAway(error)
        keepForLater(message)
      }
    },
    subscribe(handler) {
      handlers.add(handler)
      return () => handlers.delete(handler)
    },
    async close() {
      handlers.clear()
      if (replayTimer) clearTimeout(replayTimer)
      await ready
      await Promise.allSettled([pub.quit(), sub.quit()])
    },
  }
}
