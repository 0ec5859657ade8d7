import fastifyRateLimit from '@fastify/rate-limit'
import type { FastifyInstance } from 'fastify'
import { Redis } from 'ioredis'
import { tooManyRequests } from './auth-limits'

/**
 * @fastify/rate-limit, opted into per route (`global: false`). With REDIS_URL the counters live
 * in Redis so every server process shares them (DESIGN §2); otherwise in this process.
 */
export async function registerRateLimit(app: FastifyInstance) {
  const { redisUrl } = app.deps.config
  const redis = redisUrl
    ? new Redis(redisUrl, { connectTimeout: 2_000, maxRetriesPerRequest: 1 })
    : null
  if (redis) {
    // A Redis outage is logged, not fatal; skipOnError below lets requests through meanwhile.
    redis.on('error', (error) => app.log.warn({ err: error }, 'rate-limit redis error'))
    app.addHook('onClose', async () => {
      await redis.quit().catch(() => redis.disconnect())
    })
  }
  await app.register(fastifyRateLimit, {
    global: false,
    ...(redis ? { redis, nameSpace: 'rate-limit:' } : {}),
    skipOnError: true,
    errorResponseBuilder: (_request, context) => tooManyRequests(context.ttl),
  })
}
