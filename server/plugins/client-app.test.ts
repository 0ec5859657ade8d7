import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../tests/helpers/test-app'

const SHELL = '<!doctype html><title>Prayer Community</title><div id="root"></div>'
let clientDir: string
let test: TestApp

beforeAll(async () => {
  clientDir = mkdtempSync(join(tmpdir(), 'client-'))
  mkdirSync(join(clientDir, 'assets'))
  writeFileSync(join(clientDir, 'index.html'), SHELL)
  writeFileSync(join(clientDir, 'assets', 'app-3f9a1c.js'), 'console.log("app")')
  writeFileSync(join(clientDir, 'sw.js'), 'self.addEventListener("fetch", () => {})')
  writeFileSync(join(clientDir, 'manifest.webmanifest'), '{"name":"Prayer Community"}')
  test = await createTestApp({ clientDir, env: { NOTIFICATIONS_URL: 'https://notify.example.org' } })
})
afterAll(async () => {
  await test.close()
  rmSync(clientDir, { recursive: true, force: true })
})

const navigate = (url: string) => test.app.inject({ url, headers: { accept: 'text/html,application/xhtml+xml' } })

describe('the built client', () => {
  it.each(['/', '/prayerwall', '/auth/email', '/onboarding'])('serves the app shell on a reload of %s', async (url) => {
    const response = await navigate(url)
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toMatch(/^text\/html/)
    expect(response.headers['cache-control']).toBe('no-cache')
    expect(response.body).toBe(SHELL)
  })

  it('caches hashed assets forever', async () => {
    const response = await test.app.inject({ url: '/assets/app-3f9a1c.js' })
    expect(response.statusCode).toBe(200)
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable')
  })

  it.each(['/sw.js', '/manifest.webmanifest'])('revalidates %s so updates reach users', async (url) => {
    const response = await test.app.inject({ url })
    expect(response.statusCode).toBe(200)
    expect(response.headers['cache-control']).toBe('no-cache')
  })

  it('answers a missing API path with a problem, not the shell', async () => {
    const response = await navigate('/api/nope')
    expect(response.statusCode).toBe(404)
    expect(response.json()).toMatchObject({ title: 'not_found' })
  })

  it('answers a fetch to an unknown /auth path with a problem', async () => {
    const response = await test.app.inject({ url: '/auth/nope', headers: { accept: 'application/json' } })
    expect(response.statusCode).toBe(404)
    expect(response.headers['content-type']).toMatch(/^application\/problem\+json/)
  })

  it('sends a CSP that lets the app reach the notifications host and nothing foreign', async () => {
    const csp = String((await navigate('/prayerwall')).headers['content-security-policy'])
    const directive = (name: string) => csp.split(';').find((part) => part.trim().startsWith(`${name} `))?.trim()
    expect(directive('connect-src')).toContain('https://notify.example.org')
    expect(directive('connect-src')).toContain('wss://notify.example.org')
    expect(directive('script-src')).toBe("script-src 'self'")
    expect(directive('style-src')).toBe("style-src 'self' 'unsafe-inline'")
    expect(directive('img-src')).toBe("img-src 'self' data: blob:")
    expect(directive('worker-src')).toBe("worker-src 'self'")
    expect(directive('manifest-src')).toBe("manifest-src 'self'")
  })

  it('allows credentialed CORS only from the app origins', async () => {
    const allowed = await test.app.inject({ url: '/healthz', headers: { origin: 'http://localhost:3000' } })
    expect(allowed.headers['access-control-allow-origin']).toBe('http://localhost:3000')
    expect(allowed.headers['access-control-allow-credentials']).toBe('true')
    const foreign = await test.app.inject({ url: '/healthz', headers: { origin: 'https://evil.example' } })
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
