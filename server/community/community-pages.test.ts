import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliDecompressSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../tests/helpers/test-app'
import { call } from '../../tests/helpers/call'
import { createUser, signIn } from '../../tests/helpers/users'
import { styleHash } from '../plugins/inline-style-hashes'

// Issue 38: everything the browser installs and shows first carries the community's settings:
// the manifest, the shell's title and boot frame, the pre-rendered landing, and the service
// worker's revisions of them, so an installed app updates on its next check.
const STYLE = '<style>.boot-bar { font: 600 1.15rem Georgia }</style>'
const SHELL = `<!doctype html><html><head><title>Prayer Community</title>${STYLE}</head><body><div class="boot-bar">Prayer Community</div></body></html>`
const LANDING = `<!doctype html><html><head><title>Prayer Community</title>${STYLE}</head><body><a>Prayer Community</a><h1 id="hero-title">A safe, reverent space to pray together</h1><p>Prayer Community is a place to pray.</p></body></html>`
const MANIFEST = {
  id: '/',
  name: 'Prayer Community',
  short_name: 'Pray',
  theme_color: '#1f2a55',
  background_color: '#fbf8f1',
  icons: [{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' }],
}
const precache = (file: string, revision: string) => `{"revision":"${revision}","url":"${file}"}`
const WORKER = `const e=[${precache('index.html', 'aa11')},${precache('landing.html', 'bb22')},${precache('manifest.webmanifest', 'cc33')},${precache('assets/app-1.js', 'dd44')}];`

let clientDir: string
let t: TestApp
let admin: string

beforeAll(async () => {
  clientDir = mkdtempSync(join(tmpdir(), 'community-client-'))
  writeFileSync(join(clientDir, 'index.html'), SHELL)
  writeFileSync(join(clientDir, 'landing.html'), LANDING)
  writeFileSync(join(clientDir, 'manifest.webmanifest'), JSON.stringify(MANIFEST))
  writeFileSync(join(clientDir, 'sw.js'), WORKER)
  t = await createTestApp({ clientDir })
  admin = await signIn(t.app, await createUser(t.db, { roles: ['member', 'admin'] }))
})
afterAll(async () => {
  await t.close()
  rmSync(clientDir, { recursive: true, force: true })
})

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ url, headers: { accept: 'text/html', ...headers } })

describe('what a visitor’s browser gets', () => {
  it('carries the community’s name, colour and hero line once an admin changes them', async () => {
    const before = await get('/sw.js')
    const saved = await call(t.app, admin, 'PUT', '/api/v1/admin/community', {
      name: 'St Mary’s <Parish>',
      short_name: 'St Mary’s',
      theme_color: '#7a1f2b',
      hero: 'Pray with us at St Mary’s',
      description: 'The parish of St Mary.',
    })
    expect(saved.statusCode, saved.body).toBe(200)

    const manifest = await get('/manifest.webmanifest')
    expect(manifest.headers['content-type']).toContain('application/manifest+json')
    expect(manifest.json()).toEqual({
      ...MANIFEST,
      name: 'St Mary’s <Parish>',
      short_name: 'St Mary’s',
      description: 'The parish of St Mary.',
      theme_color: '#7a1f2b',
      background_color: '#7a1f2b',
      // The community's default language (issue 42), which the description is written in.
      lang: 'en',
      dir: 'ltr',
    })

    for (const url of ['/prayerwall', '/index.html']) {
      const shell = (await get(url)).body
      expect(shell).toContain('<title>St Mary’s &lt;Parish&gt;</title>')
      expect(shell).toContain('<div class="boot-bar">St Mary’s &lt;Parish&gt;</div>')
      expect(shell).not.toContain('Prayer Community')
    }
    const landing = (await get('/')).body
    expect(landing).toContain('<h1 id="hero-title">Pray with us at St Mary’s</h1>')
    expect(landing).toContain('<p>St Mary’s &lt;Parish&gt; is a place to pray.</p>')
    expect(landing).not.toContain('A safe, reverent space')

    // The app reads what the page shows from it, to render the same (src/lib).
    const data = /<script type="application\/json" id="community-data">(.*?)<\/script>/.exec(
      landing,
    )
    expect(JSON.parse(data![1]!)).toMatchObject({
      name: 'St Mary’s <Parish>',
      hero: 'Pray with us at St Mary’s',
    })

    // An installed app's update check finds a new worker, which fetches those files again.
    const worker = (await get('/sw.js')).body
    expect(worker).not.toBe(before.body)
    for (const [file, revision] of [
      ['index.html', 'aa11'],
      ['landing.html', 'bb22'],
      ['manifest.webmanifest', 'cc33'],
    ])
      expect(worker).toMatch(new RegExp(`"revision":"${revision}-[0-9a-f]+","url":"${file}"`))
    expect(worker).toContain(precache('assets/app-1.js', 'dd44'))

    // Only text changed: the stylesheets are as built, which the CSP allows by their hashes.
    for (const url of ['/', '/prayerwall']) {
      const page = await get(url)
      const styles = [...page.body.matchAll(/<style>([\s\S]*?)<\/style>/g)].map(([, css]) => css!)
      expect(styles).toEqual(['.boot-bar { font: 600 1.15rem Georgia }'])
      expect(String(page.headers['content-security-policy'])).toContain(styleHash(styles[0]!))
    }
  })

  it('sends the pages compressed and answers a revalidation of an unchanged one with 304', async () => {
    const compressed = await get('/', { 'accept-encoding': 'gzip, br' })
    expect(compressed.headers['content-encoding']).toBe('br')
    expect(brotliDecompressSync(compressed.rawPayload).toString()).toContain('Pray with us')
    const again = await get('/', {
      'accept-encoding': 'gzip, br',
      'if-none-match': String(compressed.headers.etag),
    })
    expect(again.statusCode).toBe(304)
    await call(t.app, admin, 'PUT', '/api/v1/admin/community', { hero: 'Come and pray' })
    const changed = await get('/', {
      'accept-encoding': 'gzip, br',
      'if-none-match': String(compressed.headers.etag),
    })
    expect(changed.statusCode).toBe(200)
  })
})
