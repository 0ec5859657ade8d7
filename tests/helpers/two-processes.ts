import { randomUUID } from 'node:crypto'
import { createTestDatabase, poolOfAnotherProcess } from './test-db'
import type { DatabaseHandle } from '../../server/db/client'
import { createInProcessBackplane, type Backplane } from '../../server/realtime/backplane'
import { createRedisBackplane } from '../../server/realtime/redis-backplane'
import { startLiveApp, type LiveApp } from './live-app'

export interface TwoProcesses {
  /** A's database; B reaches the same one. */
  database: DatabaseHandle
  a: LiveApp
  b: LiveApp
  close(): Promise<void>
}

/**
 * Two live app processes on one database (B with a pool of its own on PostgreSQL), sharing
 * Redis when TEST_REDIS_URL is set, else one in-process backplane: what a change made on one
 * process must reach on the other.
 */
export async function startTwoProcesses(name: string): Promise<TwoProcesses> {
  const database = await createTestDatabase()
  const otherPool = await poolOfAnotherProcess(database)
  const redis = process.env.TEST_REDIS_URL
  const prefix = `${name}-${randomUUID()}`
  const shared = createInProcessBackplane()
  const backplanes: Backplane[] = [0, 1].map(() =>
    redis ? createRedisBackplane({ url: redis, prefix }) : shared,
  )
  const a = await startLiveApp(database, backplanes[0]!)
  const b = await startLiveApp(otherPool, backplanes[1]!)
  return {
    database,
    a,
    b,
    close: async () => {
      await a.close()
      await b.close()
      for (const backplane of new Set(backplanes)) await backplane.close()
      if (otherPool !== database) await otherPool.close()
      await database.close()
    },
  }
}
