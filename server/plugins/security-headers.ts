import type { IncomingMessage, ServerResponse } from 'node:http'
import type { FastifyInstance } from 'fastify'
import helmet, { type HelmetOptions } from 'helmet'
import type { Config } from '../config'

function origin(url: string) {
  return new URL(url).origin
}

/** ws(s):// twin of an http(s) origin, for the hub's WebSocket transport. */
function socketOrigin(url: string) {
  const parsed = new URL(url)
  return `${parsed.protocol === 'https:' ? 'wss:' : 'ws:'}//${parsed.host}`
}

type CspConfig = Pick<Config, 'publicUrl' | 'notificationsUrl' | 'google' | 'facebook'>

export function contentSecurityPolicy(config: CspConfig) {
  const connect = new Set(["'self'", origin(config.publicUrl), socketOrigin(config.publicUrl)])
  connect.add(origin(config.notificationsUrl)).add(socketOrigin(config.notificationsUrl))
  // Sign-in forms may post to /auth/*/start, which redirects to the provider; form-action
  // also governs that redirect in Chromium.
  const formAction = new Set(["'self'"])
  for (const provider of [config.google, config.facebook]) {
    if (provider) formAction.add(origin(provider.authorizeUrl))
  }
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    // MUI/emotion injects <style> tags at runtime; scripts stay strict.
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:'],
    fontSrc: ["'self'", 'data:'],
    connectSrc: [...connect],
    workerSrc: ["'self'"],
    manifestSrc: ["'self'"],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    frameAncestors: ["'none'"],
    formAction: [...formAction],
    // Upgrading on plain-http localhost would break `npm start`; only an https site asks for it.
    upgradeInsecureRequests: config.publicUrl.startsWith('https:') ? [] : null,
  }
}

// Helmet's headers depend only on the config, so they are worked out once: @fastify/helmet
// built the whole middleware again, CSP parsing included, on every request (issue 22).
function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {}
  const recorder = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name] = Array.isArray(value) ? value.join(', ') : String(value)
    },
    removeHeader: () => {},
  }
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, () => {})
  return headers
}

export function registerSecurityHeaders(app: FastifyInstance, config: Config) {
  const headers = helmetHeaders({
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(config) },
    strictTransportSecurity: config.publicUrl.startsWith('https:'),
  })
  app.addHook('onRequest', async (_request, reply) => {
    reply.headers(headers)
  })
}
