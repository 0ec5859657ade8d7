import { isIP } from 'node:net'
import { z } from 'zod'

// proxy-addr's names for the private ranges, accepted beside addresses and CIDRs.
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal'])

function isProxyAddress(value: string) {
  if (PROXY_RANGE_NAMES.has(value)) return true
  const [address = '', prefix, ...rest] = value.split('/')
  const family = isIP(address)
  if (family === 0 || rest.length > 0) return false
  return (
    prefix === undefined ||
    (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128))
  )
}

export type TrustProxy = boolean | number | string[]

/**
 * TRUST_PROXY: a hop count (how many proxies stand in front of the app, whose X-Forwarded-For
 * entries are believed from the right), true/false, or a comma list of the proxies'
 * addresses/CIDRs. A typo must neither start a server that counts rate limits per forged
 * address nor one that fails at its first request, so anything else is refused.
 */
export function trustProxy() {
  const message = 'must be a hop count, true, false or a comma list of proxy IP addresses/CIDRs'
  return z.string().transform((value, context): TrustProxy => {
    if (value === 'true') return true
    if (value === 'false') return false
    if (/^\d{1,2}$/.test(value)) return Number(value)
    const addresses = value
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean)
    if (addresses.length > 0 && addresses.every(isProxyAddress)) return addresses
    context.addIssue({ code: 'custom', message })
    return z.NEVER
  })
}

/**
 * Fastify's option for it. Fastify 5 refuses hop counts (a number trusts nothing) because a
 * client that reaches the app directly could then forge its address; ours are honoured as a
 * count, for an app only its proxies can reach (compose publishes no app port), and the proxy
 * must replace the header, not append to it (deploy/nginx/proxy-headers.conf).
 */
export function fastifyTrustProxy(trust: TrustProxy) {
  if (typeof trust !== 'number') return trust
  return (_address: string, hop: number) => hop < trust
}
