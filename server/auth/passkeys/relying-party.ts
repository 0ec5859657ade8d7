import { isIP } from 'node:net'
import type { Config } from '../../config'

export interface RelyingParty {
  /** The domain a passkey is bound to. */
  id: string
  /** The pages allowed to answer a challenge. */
  origins: string[]
}

/**
 * Issue 39: passkeys belong to the public URL's host, and only its pages may use them. WebAuthn
 * takes no IP address as a relying party, so outside production an app published on a loopback
 * address (tests, the e2e server) is the relying party "localhost" on the same port.
 */
export function relyingParty(config: Pick<Config, 'publicUrl' | 'appEnv'>): RelyingParty {
  const url = new URL(config.publicUrl)
  const host = url.hostname.replace(/^\[|\]$/g, '')
  if (config.appEnv !== 'production' && isIP(host) && ['127.0.0.1', '::1'].includes(host)) {
    const local = new URL(url)
    local.hostname = 'localhost'
    return { id: 'localhost', origins: [url.origin, local.origin] }
  }
  return { id: url.hostname, origins: [url.origin] }
}
