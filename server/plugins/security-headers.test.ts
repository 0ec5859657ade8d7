import { createHash, randomUUID } from 'node:crypto'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../tests/helpers/test-app'
import { createUser, signIn } from '../../tests/helpers/users'

// Inline stylesheets as the build writes them: index.html's own and the theme's, and in the
// landing the app's stylesheet and emotion's rules from the pre-render.
const BOOT_CSS = 'html { background: #FBF8F1 }'
const THEME_CSS = ':root{--mui-palette-primary-main:#353A85}'
const EMOTION_CSS = '.css-b2{color:var(--mui-palette-primary-main)}'
const SHELL = `<!doctype html><head><style>${BOOT_CSS}</style><style data-theme="">${THEME_CSS}</style></head><div id="root"></div>`
const LANDING = `<!doctype html><head><style>${BOOT_CSS}</style><style data-emotion="css b2">${EMOTION_CSS}</style></head><div id="root"><h1 class="css-b2">Hi</h1></div>`

const hash = (css: string) => `'sha256-${createHash('sha256').update(css).digest('base64')}'`

let clientDir: string
let test: TestApp

beforeAll(async () => {
  clientDir = mkdtempSync(join(tmpdir(), 'client-'))
  mkdirSync(join(clientDir, 'assets'))
  writeFileSync(join(clientDir, 'index.html'), SHELL)
  writeFileSync(join(clientDir, 'landing.html'), LANDING)
  writeFileSync(join(clientDir, 'assets', 'app-3f9a1c.js'), 'console.log(1)')
  test = await createTestApp({ clientDir })
})
afterAll(async () => {
  await test.close()
  rmSync(clientDir, { recursive: true, force: true })
})

const navigate = (url: string) =>
  test.app.inject({ url, headers: { accept: 'text/html,application/xhtml+xml' } })

describe('the content security policy (issue 37)', () => {
  it('allows the built pages’ inline stylesheets by their hashes, and no other inline style', async () => {
    for (const url of ['/', '/prayerwall']) {
      const csp = String((await navigate(url)).headers['content-security-policy'])
      const styleSrc = csp.split(';').find((part) => part.startsWith('style-src '))
      expect(styleSrc?.split(' ').slice(1).sort()).toEqual(
        [
          "'self'",
          // Emotion's empty <style> elements, which it fills through CSSOM in production.
          "'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU='",
          hash(BOOT_CSS),
          hash(THEME_CSS),
          hash(EMOTION_CSS),
        ].sort(),
      )
      expect(csp).not.toContain('unsafe')
    }
  })
})

describe('the permissions policy (issue 37)', () => {
  it('denies pages and answers every powerful feature but the clipboard, sharing and passkeys', async () => {
    for (const response of [
      await navigate('/'),
      await test.app.inject({ url: '/api/v1/intentions' }),
    ]) {
      const policy = String(response.headers['permissions-policy']).split(', ')
      for (const denied of [
        'camera',
        'microphone',
        'geolocation',
        'payment',
        'usb',
        'fullscreen',
      ]) {
        expect(policy).toContain(`${denied}=()`)
      }
      expect(policy).toContain('clipboard-write=(self)')
      expect(policy).toContain('web-share=(self)')
      // Passkeys (issue 39): this site's pages may create and use them, nothing it embeds.
      expect(policy).toContain('publickey-credentials-get=(self)')
      expect(policy).toContain('publickey-credentials-create=(self)')
      expect(policy).not.toContain('publickey-credentials-get=()')
    }
  })
})

describe('cache policy of the answers (issue 37)', () => {
  it('keeps a member’s answers out of every HTTP cache, errors included, not the built files', async () => {
    const cookie = await signIn(test.app, await createUser(test.db))
    const answers = await Promise.all(
      [
        '/api/v1/users/me/',
        '/api/v1/intentions',
        '/auth/session',
        `/api/v1/intentions/${randomUUID()}`,
      ].map((url) => test.app.inject({ url, headers: { cookie } })),
    )
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 404])
    for (const answer of answers) expect(answer.headers['cache-control']).toBe('no-store')

    // The built files keep their own caching.
    const asset = await test.app.inject({ url: '/assets/app-3f9a1c.js' })
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    const shell = await navigate('/prayerwall')
    expect(shell.headers['cache-control']).toBe('no-cache')
    // Revalidating the shell must not tell the browser to drop the copy it holds.
    const revalidated = await test.app.inject({
      url: '/prayerwall',
      headers: { accept: 'text/html', 'if-none-match': String(shell.headers.etag) },
    })
    expect(revalidated.statusCode).toBe(304)
    expect(revalidated.headers['cache-control']).toBe('no-cache')
  })
})

describe('headers of the built scripts (issue 47, ADR 0042)', () => {
  it('sends a script only the headers that govern its loading, and pages all of them', async () => {
    const script = await test.app.inject({ url: '/assets/app-3f9a1c.js' })
    expect(script.statusCode).toBe(200)
    expect(script.headers['x-content-type-options']).toBe('nosniff')
    expect(script.headers['cross-origin-resource-policy']).toBe('same-origin')
    for (const name of ['content-security-policy', 'permissions-policy', 'x-frame-options']) {
      expect(script.headers[name]).toBeUndefined()
    }
    // Anything else under /assets/ and every page or answer keeps the document's policies.
    for (const response of [
      await navigate('/prayerwall'),
      await test.app.inject({ url: '/api/v1/intentions' }),
      await test.app.inject({ url: '/assets/app-3f9a1c.js.map' }),
    ]) {
      expect(response.headers['content-security-policy']).toContain("default-src 'self'")
      expect(response.headers['permissions-policy']).toContain('camera=()')
    }
  })
})
