import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createPushWorkers, type PushWorkers } from './push-workers'
import { newDevice, startPushService, type PushService } from './testing/push-service'

// Issue 45: pushes are encrypted and posted by worker threads. What a push service receives
// from them is what web-push on the event loop sent: a body only the device can read, with
// the caller's headers; a refusal comes back with its status, a lost push service as an error.

let service: PushService
let workers: PushWorkers
const caOf = (pushService: PushService) => String(pushService.agent.options.ca)

beforeAll(async () => {
  service = await startPushService()
  workers = createPushWorkers({ count: 2, ca: caOf(service) })
  await workers.warm()
})
afterAll(async () => {
  await workers.close()
  await service.close()
})

const request = { headers: { Authorization: 'vapid t=token, k=key' }, TTL: 60, timeout: 5_000 }

describe('push workers', () => {
  it('deliver each payload encrypted to its own device, with the given headers', async () => {
    const devices = Array.from({ length: 12 }, (_, index) =>
      newDevice(`${service.url}/push/device-${index}`),
    )
    await Promise.all(
      devices.map((device, index) => workers.send(device, `{"n":${index}}`, request)),
    )
    for (const [index, device] of devices.entries()) {
      const [received] = service.received.filter((push) => push.path === `/push/device-${index}`)
      expect(received).toBeDefined()
      expect(device.decrypt(received!.body)).toBe(`{"n":${index}}`)
      expect(received!.headers.authorization).toBe('vapid t=token, k=key')
      expect(received!.headers.ttl).toBe('60')
      expect(received!.headers['content-encoding']).toBe('aes128gcm')
      // Another device's keys cannot read it.
      expect(() => devices[(index + 1) % devices.length]!.decrypt(received!.body)).toThrow()
    }
  })

  it("reject a refused push with the push service's status (410: the device is gone)", async () => {
    service.answer.set('/push/gone', 410)
    const device = newDevice(`${service.url}/push/gone`)
    await expect(workers.send(device, '{}', request)).rejects.toMatchObject({ statusCode: 410 })
  })

  it('reject a push whose service cannot be reached, with no status (tried again later)', async () => {
    const device = newDevice('https://127.0.0.1:1/push/nowhere')
    const error = await workers.send(device, '{}', request).then(
      () => null,
      (failure: { statusCode?: number }) => failure,
    )
    expect(error).not.toBeNull()
    expect(error!.statusCode).toBeUndefined()
  })

  it('reject the pushes in their hands when closed, and any push after', async () => {
    const slow = await startPushService({ delayMs: 5_000 })
    const own = createPushWorkers({ count: 1, ca: caOf(slow) })
    try {
      await own.warm()
      const device = newDevice(`${slow.url}/push/slow`)
      const inFlight = own.send(device, '{}', request)
      await expect.poll(() => slow.received.length).toBe(1)
      await own.close()
      await expect(inFlight).rejects.toThrow()
      await expect(own.send(device, '{}', request)).rejects.toThrow('closed')
    } finally {
      await own.close()
      await slow.close()
    }
  })
})
