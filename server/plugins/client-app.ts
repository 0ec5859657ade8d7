import { existsSync } from 'node:fs'
import { join } from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { type BrandedCommunity, brandedFile } from './branded-files'
import { brandPage, brandServiceWorker } from './branded-page'
import { type FirstPageChunks, readFirstPageChunks } from './first-page-preload'
import { webManifest } from './web-manifest'

// Files rewritten with the community's settings on every answer (issue 38), never served as
// built: the service worker precaches the pages and the manifest, so its revisions of them move
// with the settings too (branded-page.ts).
const PAGES = ['index.html', 'landing.html']
const MANIFEST = 'manifest.webmanifest'
const SERVICE_WORKER = 'sw.js'

// Vite hashes everything under /assets/, so those never change; the shell, the service worker
// and the manifest must be revalidated or users would be stuck on an old version (DESIGN §6).
function cacheControlFor(path: string) {
  return /[\\/]assets[\\/]/.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache'
}

export interface ClientApp {
  /** Answers with index.html so client routes (/prayerwall, /auth/email…) survive a reload. */
  sendShell(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply>
  /** The chunks the shell and a member's wall run first (server/plugins/first-page-preload.ts). */
  firstPageChunks: FirstPageChunks
}

/**
 * Serves the built PWA from `clientDir`; null (and nothing registered) when it was not built.
 * `community` is the community's public read, which its pages, manifest and worker carry.
 */
export async function registerClientApp(
  app: FastifyInstance,
  clientDir: string | null,
  community: () => Promise<BrandedCommunity>,
): Promise<ClientApp | null> {
  if (!clientDir || !existsSync(join(clientDir, 'index.html'))) return null
  const branded = [...PAGES, MANIFEST, SERVICE_WORKER].filter((file) =>
    existsSync(join(clientDir, file)),
  )
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
    globIgnore: ['**/*.br', '**/*.gz', '.vite/**', ...branded],
    // The plugin itself adds Accept-Encoding to the reply's Vary (merged with CORS's Origin), so
    // caches keep the br, gzip and identity answers of one URL apart.
    setHeaders: (reply, path) => {
      reply.header('cache-control', cacheControlFor(path))
    },
  })
  const route = { config: { public: true }, schema: { hide: true } }
  const serve = (path: string, send: ReturnType<typeof brandedFile>) =>
    app.get(path, route, async (request, reply) => send(request, reply, await community()))
  const shell = brandedFile(clientDir, 'index.html', 'text/html; charset=utf-8', brandPage)
  serve('/index.html', shell)
  // landing.html is `/` rendered at build time (scripts/prerender-landing.mjs), so the landing
  // paints before the app's scripts run. Only `/`: other routes must not flash the landing page.
  if (branded.includes('landing.html')) {
    const landing = brandedFile(clientDir, 'landing.html', 'text/html; charset=utf-8', brandPage)
    serve('/', landing)
    serve('/landing.html', landing)
  }
  if (branded.includes(MANIFEST)) {
    // Issue 42: the installed app is the community's, in its default language (docs/
    // translating.md). Not one per Accept-Language: the service worker precaches one manifest,
    // and a cached answer that varies by the asker's languages is not found again offline.
    serve(
      `/${MANIFEST}`,
      brandedFile(clientDir, MANIFEST, 'application/manifest+json', (built, branding) =>
        webManifest(built, branding, branding.default_language),
      ),
    )
  }
  if (branded.includes(SERVICE_WORKER))
    serve(
      `/${SERVICE_WORKER}`,
      brandedFile(clientDir, SERVICE_WORKER, 'text/javascript; charset=utf-8', (js, _c, digest) =>
        brandServiceWorker(js, [...PAGES, MANIFEST], digest),
      ),
    )
  return {
    sendShell: async (request, reply) => shell(request, reply, await community()),
    firstPageChunks: readFirstPageChunks(clientDir),
  }
}
