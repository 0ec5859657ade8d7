import fastifyRateLimit from '@fastify/rate-limit'
import Fastify, { type FastifyInstance } from 'fastify'
import { Redis } from 'ioredis'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startFaultProxy, type FaultProxy } from '../../tests/ops/fault-proxy'
import { fallbackStore } from './fallback-store'

// Issue 44: with Redis away the limits are counted in each process, not dropped; with it back
// they are shared again. Needs Redis (the CI stage with TEST_REDIS_URL).
const redisUrl = process.env.TEST_REDIS_URL ?? ''

let proxy: FaultProxy
let redis: Redis
let app: FastifyInstance
const prefix = `fallback-test-${crypto.randomUUID()}:`

beforeAll(async () => {
  if (!redisUrl) return
  const url = new URL(redisUrl)
  proxy = await startFaultProxy({ host: url.hostname, port: Number(url.port || 6379) })
  redis = new Redis(proxy.via(redisUrl), {
    maxRetriesPerRequest: 1,
    retryStrategy: (times) => Math.min(times * 50, 200),
  })
  redis.on('error', () => {})
  app = Fastify()
  await app.register(fastifyRateLimit, {
    global: false,
    store: fallbackStore(redis, prefix),
  })
  app.get('/limited', { config: { rateLimit: { max: 2, timeWindow: 60_000 } } }, () => 'ok')
  await app.ready()
})

afterAll(async () => {
  await app?.close()
  redis?.disconnect()
  await proxy?.close()
})

const statuses = async (count: number, ip: string) => {
  const answered: number[] = []
  for (let index = 0; index < count; index += 1)
    answered.push((await app.inject({ url: '/limited', remoteAddress: ip })).statusCode)
  return answered
}

describe.runIf(!!redisUrl)('the rate limits across a Redis outage', () => {
  it('count in Redis, then in this process while it is away, then in Redis again', async () => {
    await expect.poll(() => redis.status).toBe('ready')
    expect(await statuses(3, '10.0.0.1')).toEqual([200, 200, 429])
    // Counted in Redis: one key, this address's.
    expect(await redis.keys(`${prefix}*`)).toHaveLength(1)

    await proxy.down()
    await expect.poll(() => redis.status).not.toBe('ready')
    // A limit still holds: the process's own.
    expect(await statuses(3, '10.0.0.2')).toEqual([200, 200, 429])

    await proxy.up()
    await expect.poll(() => redis.status, { timeout: 5_000 }).toBe('ready')
    // Redis's counter for the first address carried on: still limited.
    expect(await statuses(1, '10.0.0.1')).toEqual([429])
    expect(await statuses(3, '10.0.0.3')).toEqual([200, 200, 429])
  }, 30_000)
})
