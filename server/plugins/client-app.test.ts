import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { intentionFeedUrl, WALL_FEED_FILTERS } from '@contract/intention-feed-url'
import { createTestApp, type TestApp } from '../../tests/helpers/test-app'
import { createUser, signIn } from '../../tests/helpers/users'
import { markPending } from '../../tests/helpers/pending-members-api'

const SHELL = '<!doctype html><title>Prayer Community</title><div id="root"></div>'
const LANDING =
  '<!doctype html><title>Prayer Community</title><div id="root"><h1>A safe, reverent space</h1></div>'
// What scripts/precompress.mjs leaves beside a built file.
const APP_JS = `console.log(${JSON.stringify('app '.repeat(400))})`
function writeWithVariants(path: string, text: string) {
  writeFileSync(path, text)
  writeFileSync(`${path}.br`, brotliCompressSync(text))
  writeFileSync(`${path}.gz`, gzipSync(text))
}
// A build manifest (vite.config.ts `build.manifest`) in the shape Vite writes: the shell's entry,
// the stages it imports dynamically (the router's, which loads every page on demand),
// and the wall's route chunks, sharing a chunk the shell already preloads.
const VITE_MANIFEST = {
  'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['_shared-1.js'] },
  '_shared-1.js': {
    file: 'assets/shared-1.js',
    dynamicImports: ['node_modules/react-dom/client.js', 'src/router.tsx'],
  },
  'node_modules/react-dom/client.js': { file: 'assets/client-1.js', isDynamicEntry: true },
  'src/router.tsx': {
    file: 'assets/router-1.js',
    isDynamicEntry: true,
    imports: ['_shared-1.js', '_layout-1.js'],
    dynamicImports: [
      'src/routes/_main.tsx?tsr-split=component',
      'src/routes/_main/prayerwall/index.tsx?tsr-split=component',
    ],
  },
  '_layout-1.js': { file: 'assets/layout-1.js' },
  '_cards-1.js': { file: 'assets/cards-1.js', imports: ['_shared-1.js'] },
  'src/routes/_main.tsx?tsr-split=component': {
    file: 'assets/_main-1.js',
    imports: ['_shared-1.js'],
  },
  'src/routes/_main/prayerwall/index.tsx?tsr-split=component': {
    file: 'assets/prayerwall-1.js',
    imports: ['_cards-1.js', '_shared-1.js'],
    dynamicImports: ['src/features/comments/components/comments-section.tsx'],
  },
  'src/features/comments/components/comments-section.tsx': { file: 'assets/comments-1.js' },
  'src/features/offline/query-persistence.ts': { file: 'assets/query-persistence-1.js' },
}
let clientDir: string
let test: TestApp

beforeAll(async () => {
  clientDir = mkdtempSync(join(tmpdir(), 'client-'))
  mkdirSync(join(clientDir, 'assets'))
  writeWithVariants(join(clientDir, 'index.html'), SHELL)
  writeWithVariants(join(clientDir, 'landing.html'), LANDING)
  writeWithVariants(join(clientDir, 'assets', 'app-3f9a1c.js'), APP_JS)
  writeFileSync(join(clientDir, 'sw.js'), 'self.addEventListener("fetch", () => {})')
  writeFileSync(join(clientDir, 'manifest.webmanifest'), '{"name":"Prayer Community"}')
  mkdirSync(join(clientDir, '.vite'))
  writeFileSync(join(clientDir, '.vite/manifest.json'), JSON.stringify(VITE_MANIFEST))
  test = await createTestApp({
    clientDir,
    env: { NOTIFICATIONS_URL: 'https://notify.example.org' },
  })
})
afterAll(async () => {
  await test.close()
  rmSync(clientDir, { recursive: true, force: true })
})

const navigate = (url: string, cookie?: string) =>
  test.app.inject({
    url,
    headers: { accept: 'text/html,application/xhtml+xml', ...(cookie ? { cookie } : {}) },
  })

// The entry's chunks, then its stages' and what they import, never the pages the router loads
// on demand.
const SHELL_PRELOADS = [
  '</assets/index-1.js>; rel=modulepreload',
  '</assets/shared-1.js>; rel=modulepreload',
  '</assets/client-1.js>; rel=modulepreload',
  '</assets/router-1.js>; rel=modulepreload',
  '</assets/layout-1.js>; rel=modulepreload',
]

describe('the wall served to a member (issue 18)', () => {
  const preload = [
    `<${intentionFeedUrl(WALL_FEED_FILTERS)}>; rel=preload; as=fetch; crossorigin=use-credentials`,
    '</auth/session>; rel=preload; as=fetch; crossorigin=use-credentials',
    '</api/v1/users/me/>; rel=preload; as=fetch; crossorigin=use-credentials',
    // The shell's chunks first (the entry must not wait behind the wall's), then the wall's own
    // and what they import, not what loads on demand (the comments).
    ...SHELL_PRELOADS,
    '</assets/_main-1.js>; rel=modulepreload',
    '</assets/prayerwall-1.js>; rel=modulepreload',
    '</assets/cards-1.js>; rel=modulepreload',
    '</assets/query-persistence-1.js>; rel=modulepreload',
  ].join(', ')

  it('names its first feed page, its calls and its code in preloads, the very URLs the app asks for', async () => {
    const member = await signIn(test.app, await createUser(test.db))
    for (const url of ['/prayerwall', '/prayerwall?view=wall']) {
      const response = await navigate(url, member)
      expect(response.body).toBe(SHELL)
      expect(response.headers.link).toBe(preload)
    }
    expect(preload).toContain('/api/v1/intentions?include_all_statuses=true&limit=10')
  })

  it('does not serve the build manifest', async () => {
    const response = await test.app.inject({ url: '/.vite/manifest.json' })
    expect(response.statusCode).toBe(404)
  })

  it('preloads only the shell where another tab, a page or a visitor would not use the wall', async () => {
    const member = await signIn(test.app, await createUser(test.db))
    const noProfile = await signIn(test.app, await createUser(test.db, { hasProfile: false }))
    // Issue 38: a member waiting for approval would be refused the feed.
    const waiting = await createUser(test.db)
    await markPending(test.db, waiting.id)
    const served = [
      await navigate('/prayerwall?view=needs', member),
      await navigate('/prayer-list', member),
      await navigate('/prayerwall', noProfile),
      await navigate('/prayerwall', await signIn(test.app, waiting)),
      await navigate('/prayerwall'),
      await navigate('/login'),
    ]
    for (const response of served) {
      expect(response.body).toBe(SHELL)
      expect(response.headers.link).toBe(SHELL_PRELOADS.join(', '))
    }
  })

  it('preloads nothing with the landing page, which starts the app only when asked', async () => {
    const response = await navigate('/')
    expect(response.body).toBe(LANDING)
    expect(response.headers.link).toBeUndefined()
  })
})

describe('the built client', () => {
  it.each(['/', '/?source=pwa'])('serves the pre-rendered landing page at %s', async (url) => {
    const response = await navigate(url)
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toMatch(/^text\/html/)
    expect(response.headers['cache-control']).toBe('no-cache')
    expect(response.body).toBe(LANDING)
  })

  it.each(['/prayerwall', '/auth/email', '/onboarding'])(
    'serves the app shell on a reload of %s',
    async (url) => {
      const response = await navigate(url)
      expect(response.statusCode).toBe(200)
      expect(response.headers['content-type']).toMatch(/^text\/html/)
      expect(response.headers['cache-control']).toBe('no-cache')
      expect(response.body).toBe(SHELL)
    },
  )

  it('caches hashed assets forever', async () => {
    const response = await test.app.inject({ url: '/assets/app-3f9a1c.js' })
    expect(response.statusCode).toBe(200)
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable')
  })

  it('sends a hashed asset brotli-compressed to a browser that accepts it', async () => {
    const response = await test.app.inject({
      url: '/assets/app-3f9a1c.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    })
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-encoding']).toBe('br')
    expect(response.headers['content-type']).toMatch(/javascript/)
    // Beside CORS's Origin, which must survive too.
    expect(response.headers['vary']).toMatch(/^origin, accept-encoding$/i)
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(APP_JS)
  })

  it('falls back to gzip, then to the plain file, with the same Vary', async () => {
    const gzip = await test.app.inject({
      url: '/assets/app-3f9a1c.js',
      headers: { 'accept-encoding': 'gzip' },
    })
    expect(gzip.headers['content-encoding']).toBe('gzip')
    const plain = await test.app.inject({
      url: '/assets/app-3f9a1c.js',
      headers: { 'accept-encoding': 'identity' },
    })
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.headers['vary']).toMatch(/accept-encoding/i)
    expect(plain.body).toBe(APP_JS)
  })

  it('sends the landing page compressed', async () => {
    const response = await test.app.inject({
      url: '/',
      headers: { accept: 'text/html', 'accept-encoding': 'gzip, br' },
    })
    expect(response.headers['content-encoding']).toBe('br')
    expect(response.headers['vary']).toMatch(/accept-encoding/i)
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(LANDING)
  })

  it('sends the shell of a client route compressed', async () => {
    const response = await test.app.inject({
      url: '/prayerwall',
      headers: { accept: 'text/html', 'accept-encoding': 'br' },
    })
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-encoding']).toBe('br')
    expect(response.headers['content-type']).toMatch(/^text\/html/)
    expect(response.headers['vary']).toMatch(/accept-encoding/i)
    expect(response.headers['cache-control']).toBe('no-cache')
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(SHELL)
  })

  it('never serves a compressed variant as a file of its own', async () => {
    const response = await test.app.inject({ url: '/assets/app-3f9a1c.js.br' })
    expect(response.statusCode).toBe(404)
  })

  it.each(['/sw.js', '/manifest.webmanifest'])(
    'revalidates %s so updates reach users',
    async (url) => {
      const response = await test.app.inject({ url })
      expect(response.statusCode).toBe(200)
      expect(response.headers['cache-control']).toBe('no-cache')
    },
  )

  it('answers a missing API path with a problem, not the shell', async () => {
    const response = await navigate('/api/nope')
    expect(response.statusCode).toBe(404)
    expect(response.json()).toMatchObject({ title: 'not_found' })
  })

  it('answers a fetch to an unknown /auth path with a problem', async () => {
    const response = await test.app.inject({
      url: '/auth/nope',
      headers: { accept: 'application/json' },
    })
    expect(response.statusCode).toBe(404)
    expect(response.headers['content-type']).toMatch(/^application\/problem\+json/)
  })

  it('sends a CSP that lets the app reach the notifications host and nothing foreign', async () => {
    const csp = String((await navigate('/prayerwall')).headers['content-security-policy'])
    const directive = (name: string) =>
      csp
        .split(';')
        .find((part) => part.trim().startsWith(`${name} `))
        ?.trim()
    expect(directive('connect-src')).toContain('https://notify.example.org')
    expect(directive('connect-src')).toContain('wss://notify.example.org')
    expect(directive('script-src')).toBe("script-src 'self'")
    expect(directive('style-src')).not.toContain("'unsafe-inline'")
    expect(directive('img-src')).toBe("img-src 'self' data: blob:")
    expect(directive('worker-src')).toBe("worker-src 'self'")
    expect(directive('manifest-src')).toBe("manifest-src 'self'")
  })

  it('allows credentialed CORS only from the app origins', async () => {
    const allowed = await test.app.inject({
      url: '/healthz',
      headers: { origin: 'http://localhost:3000' },
    })
    expect(allowed.headers['access-control-allow-origin']).toBe('http://localhost:3000')
    expect(allowed.headers['access-control-allow-credentials']).toBe('true')
    const foreign = await test.app.inject({
      url: '/healthz',
      headers: { origin: 'https://evil.example' },
    })
    expect(foreign.headers['access-control-allow-origin']).toBeUndefined()
  })
})

describe('without a built client', () => {
  it('answers page navigations with a 404 problem instead of failing', async () => {
    const bare = await createTestApp({ database: test.database })
    const response = await bare.app.inject({ url: '/prayerwall', headers: { accept: 'text/html' } })
    expect(response.statusCode).toBe(404)
    expect(response.json()).toMatchObject({ title: 'not_found' })
    await bare.close()
  })
})
