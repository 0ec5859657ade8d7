// What a browser downloads on a cold load of the built app, as `npm run bench:bundle` counts it:
// Chromium at a phone's size (390×844), service worker blocked (a first visit has none), every
// JavaScript file fetched from navigation until the page is ready and the network has been
// quiet for 500 ms. Sizes are the built files gzipped at level 9, so the figures do not depend
// on the machine's speed or the server's compression.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'

export const chromiumOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  // The e2e run's flags (e2e/support/chromium.ts), repeated: plain node cannot load .ts.
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-dev-shm-usage',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    '--disable-quic',
  ],
}

const gzipSizes = new Map()
/** gzip -9 size of a file under dist/client. */
export function gzipSize(client, file) {
  if (!gzipSizes.has(file))
    gzipSizes.set(file, gzipSync(readFileSync(join(client, file)), { level: 9 }).length)
  return gzipSizes.get(file)
}

/**
 * @param {{ browser: import('playwright').Browser, baseURL: string, client: string, path: string,
 *   signIn?: { email: string, password: string }, ready?: (page: import('playwright').Page) => Promise<void>,
 *   afterSettled?: (page: import('playwright').Page) => Promise<void>, language?: string }} options
 * @returns {Promise<{ files: string[], gzip: number, later: string[] }>} the JS files (paths
 *   under dist/client) until the page settled, and those it fetched after, until `afterSettled`
 *   resolved (what the page defers past its first screen, shown so nothing is hidden)
 */
export async function coldLoadJs({
  browser,
  baseURL,
  client,
  path,
  signIn,
  ready,
  afterSettled,
  language,
}) {
  const context = await browser.newContext({
    baseURL,
    viewport: { width: 390, height: 844 },
    serviceWorkers: 'block',
  })
  try {
    // A device whose menu chose this language (issue 42): its catalogue counts too.
    if (language)
      await context.addInitScript((tag) => localStorage.setItem('language', tag), language)
    if (signIn) {
      const answer = await context.request.post('/auth/password', {
        headers: { Origin: baseURL },
        data: { ...signIn, rememberMe: true },
      })
      if (answer.status() !== 204) throw new Error(`sign-in answered ${answer.status()}`)
    }
    const files = new Set()
    const page = await context.newPage()
    page.on('request', (request) => {
      const url = new URL(request.url())
      if (url.origin === baseURL && url.pathname.endsWith('.js')) files.add(url.pathname.slice(1))
    })
    await page.goto(path, { waitUntil: 'load' })
    if (ready) await ready(page)
    await page.waitForLoadState('networkidle')
    const list = [...files].sort()
    if (afterSettled) await afterSettled(page)
    const later = [...files].filter((file) => !list.includes(file)).sort()
    return { files: list, gzip: list.reduce((sum, file) => sum + gzipSize(client, file), 0), later }
  } finally {
    await context.close()
  }
}
