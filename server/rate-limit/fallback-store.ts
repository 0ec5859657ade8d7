import type { FastifyRateLimitOptions, FastifyRateLimitStore } from '@fastify/rate-limit'
import type { Redis } from 'ioredis'
// The plugin's own two stores (it exports no entry for them; the package has no exports map).
// @ts-expect-error untyped CommonJS module
import LocalStore from '@fastify/rate-limit/store/LocalStore.js'
// @ts-expect-error untyped CommonJS module
import RedisStore from '@fastify/rate-limit/store/RedisStore.js'

type Result = { current: number; ttl: number }
type Callback = (error: Error | null, result?: Result) => void
interface Store {
  incr(key: string, callback: Callback, timeWindow: number, max: number): void
  child(routeOptions: unknown): Store
}
type StoreClass = new (...args: unknown[]) => Store
const Local = LocalStore as StoreClass
const Shared = RedisStore as StoreClass

/**
 * Issue 44: counters in Redis while it answers (every process shares them), in this process
 * while it does not. A Redis outage then leaves each process its own limit (docs/operations.md)
 * instead of no limit at all; once Redis is back the shared counters count again (from where
 * they were: a window that began before the outage ends as it would have).
 */
export function fallbackStore(redis: Redis, nameSpace: string) {
  function pair(shared: Store, local: Store): Store {
    return {
      incr(key, callback, timeWindow, max) {
        const locally = () => local.incr(key, callback, timeWindow, max)
        if (redis.status !== 'ready') return locally()
        shared.incr(key, (error, result) => (error ? locally() : callback(null, result)), timeWindow, max)
      },
      child: (routeOptions) => pair(shared.child(routeOptions), local.child(routeOptions)),
    }
  }
  return class FallbackStore {
    // The plugin passes its resolved settings, which carry these two.
    constructor(options: { continueExceeding?: boolean; exponentialBackoff?: boolean }) {
      const { continueExceeding, exponentialBackoff } = options
      return pair(
        new Shared(continueExceeding, exponentialBackoff, redis, nameSpace),
        new Local(continueExceeding, exponentialBackoff),
      ) as unknown as FallbackStore
    }
  } as unknown as new (options: FastifyRateLimitOptions) => FastifyRateLimitStore
}
