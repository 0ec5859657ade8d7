import type { FastifyBaseLogger } from 'fastify'
import { createInProcessBackplane, type Backplane } from './backplane'
import { createRedisBackplane } from './redis-backplane'

/** Redis when REDIS_URL is set (several processes share the hub's messages), else in-process. */
export function configuredBackplane(redisUrl: string | null, log: FastifyBaseLogger): Backplane {
  if (!redisUrl) return createInProcessBackplane()
  return createRedisBackplane({
    url: redisUrl,
    // Once per outage: meanwhile each process's own clients are served (redis-backplane.ts).
    onError: (error) => log.error({ err: error }, 'hub backplane error'),
    onRestored: (replayed) =>
      log.info({ replayed }, 'hub backplane back: sends made meanwhile replayed to the other processes'),
  })
}
