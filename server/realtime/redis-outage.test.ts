import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startFaultProxy, type FaultProxy } from '../../tests/ops/fault-proxy'
import type { Backplane, BackplaneMessage } from './backplane'
import { createRedisBackplane } from './redis-backplane'

// Issue 44: Redis restarted under two processes' backplanes (here a proxy in front of it cuts
// their connections and refuses new ones; the shared Redis itself stays up). Meanwhile each
// process's own clients get its sends; within 5 s of Redis's return the other process gets
// what it missed, once, and new sends cross again. Needs Redis (the CI stage with TEST_REDIS_URL).
const redisUrl = process.env.TEST_REDIS_URL ?? ''

let proxy: FaultProxy
let a: Backplane
let b: Backplane
const onA: BackplaneMessage[] = []
const onB: BackplaneMessage[] = []
const errors: unknown[] = []
const restored: number[] = []

const send = (target: string): BackplaneMessage => ({
  kind: 'send',
  group: null,
  target,
  args: [],
})
const targets = (messages: BackplaneMessage[]) =>
  messages.flatMap((message) => (message.kind === 'send' ? [message.target] : []))

beforeAll(async () => {
  if (!redisUrl) return
  const url = new URL(redisUrl)
  proxy = await startFaultProxy({ host: url.hostname, port: Number(url.port || 6379) })
  const prefix = `outage-${crypto.randomUUID()}`
  const options = {
    url: proxy.via(redisUrl),
    prefix,
    onError: (error: unknown) => errors.push(error),
    onRestored: (replayed: number) => restored.push(replayed),
    replayAfterMs: 500,
  }
  a = createRedisBackplane(options)
  b = createRedisBackplane({ ...options, onError: () => {}, onRestored: () => {} })
  a.subscribe((message) => onA.push(message))
  b.subscribe((message) => onB.push(message))
  // Both subscriptions live: a probe from A reaches B.
  for (let tries = 0; !targets(onB).includes('probe'); tries += 1) {
    if (tries > 100) throw new Error('the backplanes never heard each other')
    await a.publish(send('probe'))
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
})

afterAll(async () => {
  await Promise.all([a?.close(), b?.close()])
  await proxy?.close()
})

describe.runIf(!!redisUrl)('the Redis backplane across a Redis restart', () => {
  it("serves each process's own clients meanwhile and replays to the others once it is back", async () => {
    await proxy.down()
    await expect.poll(() => errors.length).toBeGreaterThan(0)
    const sentAt = Date.now()
    await a.publish(send('during'))
    // This process's clients at once; nobody else yet.
    expect(targets(onA)).toContain('during')
    expect(Date.now() - sentAt).toBeLessThan(1_000)
    expect(targets(onB)).not.toContain('during')
    // Reconnect attempts fail every second: reported once, not each time.
    await new Promise((resolve) => setTimeout(resolve, 2_000))
    expect(errors).toHaveLength(1)

    await proxy.up()
    const back = Date.now()
    await expect.poll(() => targets(onB), { timeout: 5_000, interval: 50 }).toContain('during')
    expect(Date.now() - back).toBeLessThan(5_000)
    expect(restored).toEqual([1])
    await a.publish(send('after'))
    await expect.poll(() => targets(onB), { timeout: 5_000 }).toContain('after')
    // Each message once on each side.
    expect(targets(onA).filter((target) => target === 'during')).toHaveLength(1)
    expect(targets(onB).filter((target) => target === 'during')).toHaveLength(1)
  }, 30_000)
})
