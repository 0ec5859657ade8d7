import Fastify from 'fastify'
import { describe, expect, it } from 'vitest'
import { fastifyTrustProxy, type TrustProxy } from './config-trust-proxy'

// What the rate limits and the "not a robot" check count: request.ip (issue 37).
async function clientAddress(trust: TrustProxy, remoteAddress: string, forwardedFor: string) {
  const app = Fastify({ trustProxy: fastifyTrustProxy(trust) })
  app.get('/', (request) => ({ ip: request.ip }))
  const response = await app.inject({
    url: '/',
    remoteAddress,
    headers: { 'x-forwarded-for': forwardedFor },
  })
  await app.close()
  return (response.json() as { ip: string }).ip
}

describe('fastifyTrustProxy', () => {
  it('believes as many X-Forwarded-For entries from the right as the hop count says', async () => {
    expect(await clientAddress(1, '172.18.0.5', '198.51.100.7')).toBe('198.51.100.7')
    // A client's own header ahead of what the proxies wrote is never the address counted.
    expect(await clientAddress(1, '172.18.0.5', '203.0.113.9, 198.51.100.7')).toBe('198.51.100.7')
    expect(await clientAddress(2, '172.18.0.5', '203.0.113.9, 198.51.100.7, 10.0.0.2')).toBe(
      '198.51.100.7',
    )
  })

  it('believes only the proxies named by address', async () => {
    expect(await clientAddress(['127.0.0.1'], '127.0.0.1', '198.51.100.7')).toBe('198.51.100.7')
    expect(await clientAddress(['127.0.0.1'], '198.51.100.8', '203.0.113.9')).toBe('198.51.100.8')
  })

  it('believes nobody when off', async () => {
    expect(await clientAddress(false, '172.18.0.5', '203.0.113.9')).toBe('172.18.0.5')
  })
})
