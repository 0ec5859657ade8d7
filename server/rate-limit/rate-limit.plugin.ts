import fastifyRateLimit from '@fastify/rate-limit'
import type { FastifyInstance } from 'fastify'
import { Redis } from 'ioredis'
import { tooManyRequests } from './auth-limits'
import { fallbackStore } from './fallback-store'

/**
 * @fastify/rate-limit, opted into per route (`global: false`). With REDIS_URL the counters live
 * in Redis so every server process shares them (DESIGN §2); otherwise in this process. While
 * Redis is away each process counts on its own (fallback-store.ts, issue 44).
 */
export async function registerRateLimit(app: FastifyInstance) {
  const { redisUrl } = app.deps.config
  const redis = redisUrl
    ? new Redis(redisUrl, {
        connectTimeout: 2_000,
        maxRetriesPerRequest: 1,
        // Back within a second of Redis's return (ioredis's default waits up to 2 s).
        retryStrategy: (times) => Math.min(times * 50, 1_000),
      })
    : null
  if (redis) {
    // A Redis outage is logged once, not fatal: each process counts on its own meanwhile.
    let away = false
    redis.on('error', (error) => {
      if (away) return
      away = true
      app.log.warn({ err: error }, 'rate-limit redis error: counting in this process until it is back')
    })
    redis.on('ready', () => {
      if (!away) return
      away = false
      app.log.info('rate-limit redis is back: counting across processes again')
    })
    app.addHook('onClose', async () => {
      await redis.quit().catch(() => redis.disconnect())
    })
  }
  await app.register(fastifyRateLimit, {
    global: false,
    ...(redis ? { store: fallbackStore(redis, 'rate-limit:') } : {}),
    skipOnError: true,
    errorResponseBuilder: (_request, context) => tooManyRequests(context.ttl),
  })
}
