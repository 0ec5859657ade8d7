import { createRedisBackplane } from '../redis-backplane'
import { startRosterHub } from './roster-hub'

// A hub in its own process on the Redis backplane, for roster.test.ts to kill with SIGKILL.
const backplane = createRedisBackplane({
  url: process.env.TEST_REDIS_URL ?? '',
  prefix: process.env.ROSTER_PREFIX ?? 'roster-test',
})
const server = await startRosterHub(backplane)
process.send?.({ port: server.port })
