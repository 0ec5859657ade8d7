import { Redis } from 'ioredis'
import { BackplaneMessageSchema, type Backplane, type BackplaneMessage } from './backplane'

export interface RedisBackplaneOptions {
  url: string
  /** Keeps several apps (or test runs) on one Redis apart. */
  prefix?: string
  onError?: (error: unknown) => void
}

// Two connections: a Redis connection in subscriber mode cannot publish.
export function createRedisBackplane({
  url,
  prefix = 'prayer',
  onError,
}: RedisBackplaneOptions): Backplane {
  const channel = `${prefix}:hub`
  const report = onError ?? (() => {})
  // Fail fast while Redis is away: the caller's send rejects instead of queueing without bound.
  const pub = new Redis(url, { maxRetriesPerRequest: 3 })
  const sub = new Redis(url)
  const handlers = new Set<(message: BackplaneMessage) => void>()
  // Never rejects: ioredis subscribes again by itself once Redis is back.
  const ready = sub.subscribe(channel).catch(report)
  pub.on('error', report)
  sub.on('error', report)

  sub.on('message', (from: string, payload: string) => {
    if (from !== channel) return
    let parsed
    try {
      parsed = BackplaneMessageSchema.safeParse(JSON.parse(payload))
    } catch (error) {
      report(error)
      return
    }
    if (!parsed.success) return report(parsed.error)
    for (const handler of handlers) handler(parsed.data)
  })

  return {
    async publish(message) {
      await ready
      await pub.publish(channel, JSON.stringify(message))
    },
    subscribe(handler) {
      handlers.add(handler)
      return () => handlers.delete(handler)
    },
    async close() {
      handlers.clear()
      await ready
      await Promise.allSettled([pub.quit(), sub.quit()])
    },
  }
}
