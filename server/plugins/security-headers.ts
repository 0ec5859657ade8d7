import type { IncomingMessage, ServerResponse } from 'node:http'
import type { FastifyInstance } from 'fastify'
import helmet, { type HelmetOptions } from 'helmet'
import type { Config } from '../config'
import { inlineStyleHashes, styleHash } from './inline-style-hashes'

function origin(url: string) {
  return new URL(url).origin
}

/** ws(s):// twin of an http(s) origin, for the hub's WebSocket transport. */
function socketOrigin(url: string) {
  const parsed = new URL(url)
  return `${parsed.protocol === 'https:' ? 'wss:' : 'ws:'}//${parsed.host}`
}

type CspConfig = Pick<Config, 'publicUrl' | 'notificationsUrl' | 'google' | 'facebook'>

// Emotion (MUI) in production writes its rules through CSSOM into empty <style> elements, which
// the CSP sees as inline stylesheets with no text (ADR 0033).
const EMPTY_STYLESHEET = styleHash('')

/** @param styleHashes the built pages' inline stylesheets (inline-style-hashes.ts) */
export function contentSecurityPolicy(config: CspConfig, styleHashes: readonly string[]) {
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
    // Inline stylesheets only by hash, and no style="" attributes ('unsafe-hashes' is not given).
    styleSrc: ["'self'", EMPTY_STYLESHEET, ...styleHashes],
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

// Every powerful feature the app does not use is denied to it and to anything it might embed.
// It copies to the clipboard, shares through the system sheet and uses passkeys; notifications and the app
// badge are not governed by this header. Chromium warns of a feature it does not know (web-share
// on Linux desktops) and ignores it, so the list keeps to features browsers implement.
const PERMISSIONS_POLICY = [
  ...[
    'clipboard-write',
    'web-share',
    // Passkeys (issue 39): signing in with one, and adding one on the account screen.
    'publickey-credentials-create',
    'publickey-credentials-get',
  ].map((feature) => `${feature}=(self)`),
  ...[
    'accelerometer',
    'autoplay',
    'browsing-topics',
    'camera',
    'clipboard-read',
    'display-capture',
    'encrypted-media',
    'fullscreen',
    'geolocation',
    'gyroscope',
    'hid',
    'idle-detection',
    'magnetometer',
    'microphone',
    'midi',
    'payment',
    'picture-in-picture',
    'screen-wake-lock',
    'serial',
    'sync-xhr',
    'usb',
    'xr-spatial-tracking',
  ].map((feature) => `${feature}=()`),
].join(', ')

// A built script is never a document or a worker (the service worker is /sw.js), so the
// document's policies (CSP, Permissions-Policy, framing, COOP...) do nothing on it; over HTTP/1.1
// they were 3.2 kB of headers on each of the ~30 files before the wall's first card, more than
// most of those files (issue 47, ADR 0042). It keeps what governs a script's own loading.
const BUILT_SCRIPT = /^\/assets\/[^?#]+\.js(?:[?#]|$)/
const SCRIPT_HEADERS = new Set([
  'x-content-type-options',
  'cross-origin-resource-policy',
  'strict-transport-security',
])

/** @param clientDir the built client, whose inline stylesheets the CSP allows by hash */
export function registerSecurityHeaders(
  app: FastifyInstance,
  config: Config,
  clientDir: string | null,
) {
  const csp = contentSecurityPolicy(config, inlineStyleHashes(clientDir))
  const headers = {
    ...helmetHeaders({
      contentSecurityPolicy: { useDefaults: false, directives: csp },
      strictTransportSecurity: config.publicUrl.startsWith('https:'),
    }),
    'Permissions-Policy': PERMISSIONS_POLICY,
  }
  const scriptHeaders = Object.fromEntries(
    Object.entries(headers).filter(([name]) => SCRIPT_HEADERS.has(name.toLowerCase())),
  )
  app.addHook('onRequest', async (request, reply) => {
    reply.headers(BUILT_SCRIPT.test(request.url) ? scriptHeaders : headers)
  })
  // An answer that names no cache policy of its own (the built files and the shell do) is kept
  // by no cache: API answers carry members' data, and a shared or browser cache would hand them
  // to whoever uses the device or the proxy next. The service worker's own per-member cache
  // (sw/runtime-cache.ts) is Cache Storage, which this header does not govern.
  app.addHook('onSend', async (_request, reply) => {
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store')
  })
}
