import { existsSync } from 'node:fs'
import { join } from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance, FastifyReply } from 'fastify'
import { type FirstPageChunks, readFirstPageChunks } from './first-page-preload'

// Vite hashes everything under /assets/, so those never change; the shell, the service worker
// and the manifest must be revalidated or users would be stuck on an old version (DESIGN §6).
function cacheControlFor(path: string) {
  return /[\\/]assets[\\/]/.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache'
}

export interface ClientApp {
  /** Answers with index.html so client routes (/prayerwall, /auth/email…) survive a reload. */
  sendShell(reply: FastifyReply): FastifyReply
  /** The chunks the shell and a member's wall run first (server/plugins/first-page-preload.ts). */
  firstPageChunks: FirstPageChunks
}

/** Serves the built PWA from `clientDir`; null (and nothing registered) when it was not built. */
export async function registerClientApp(
  app: FastifyInstance,
  clientDir: string | null,
): Promise<ClientApp | null> {
  if (!clientDir || !existsSync(join(clientDir, 'index.html'))) return null
  await app.register(fastifyStatic, {
    root: clientDir,
    // Files are globbed once at start: the build is immutable while the server runs, and
    // unknown paths then reach the not-found handler (problem details or the shell).
    wildcard: false,
    index: false,
    cacheControl: false,
    // scripts/precompress.mjs writes .br/.gz beside each compressible file at build time; they
    // answer Accept-Encoding negotiation (the shell included) and are never URLs of their own.
    preCompressed: true,
    globIgnore: ['**/*.br', '**/*.gz', '.vite/**'],
    // The plugin itself adds Accept-Encoding to the reply's Vary (merged with CORS's Origin), so
    // caches keep the br, gzip and identity answers of one URL apart.
    setHeaders: (reply, path) => {
      reply.header('cache-control', cacheControlFor(path))
    },
  })
  // landing.html is `/` rendered at build time (scripts/prerender-landing.mjs), so the landing
  // paints before the app's scripts run. Only `/`: other routes must not flash the landing page.
  if (existsSync(join(clientDir, 'landing.html'))) {
    app.get('/', { config: { public: true }, schema: { hide: true } }, (_request, reply) =>
      reply.header('cache-control', 'no-cache').sendFile('landing.html'),
    )
  }
  return {
    sendShell: (reply) => reply.header('cache-control', 'no-cache').sendFile('index.html'),
    firstPageChunks: readFirstPageChunks(clientDir),
  }
}
