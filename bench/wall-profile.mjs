// `npm run bench:wall-profile` (issue 18): where a phone's CPU goes on a cold load of the wall.
// The built app in Chromium at 390×844, service worker blocked, the CPU four times slower (as
// Lighthouse's mobile preset and bench:wall-cold have it), signed in, a full first page of
// cards; V8's sampling profiler from navigation until the page settles. Each sample's function
// is mapped through the build's source maps to the module it came from, and the self time is
// summed by package (node_modules) or by our own file. Prints the table; never fails on it.
// Needs `npm run build`.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { originalPositionFor, TraceMap } from '@jridgewell/trace-mapping'
import { chromium } from 'playwright'
import { startBuiltApp } from '../e2e/support/built-app.mjs'
import { chromiumOptions } from './support/cold-load.mjs'
import { newMember, PASSWORD } from './support/offline-members.mjs'
import { postWall, wallCards } from './support/wall-seed.mjs'

const root = fileURLToPath(new URL('..', import.meta.url))
const client = join(root, 'dist/client')
const TOP = Number(process.env.BENCH_TOP ?? 25)

const maps = new Map()
function traceMap(file) {
  if (!maps.has(file)) {
    try {
      maps.set(file, new TraceMap(readFileSync(join(client, `${file}.map`), 'utf8')))
    } catch {
      maps.set(file, null)
    }
  }
  return maps.get(file)
}

/** The source a profiled frame came from: a package name, our file, or the chunk's name. */
function origin(baseURL, { url, lineNumber, columnNumber, functionName }) {
  if (!url) return functionName ? `(${functionName.replace(/^\(|\)$/g, '')})` : '(native)'
  if (!url.startsWith(baseURL)) return url
  const file = new URL(url).pathname.slice(1)
  const map = traceMap(file)
  const source = map && originalPositionFor(map, { line: lineNumber + 1, column: columnNumber }).source
  if (!source) return file
  const inPackage = source.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/)
  return inPackage ? inPackage[1] : source.replace(/^(\.\.\/)+/, '')
}

const app = await startBuiltApp({ logFile: join(root, '.tmp/bench-wall-profile-app.log') })
const browser = await chromium.launch(chromiumOptions)
try {
  const member = await newMember(app.baseURL, 'Profile')
  await postWall(member)
  const context = await browser.newContext({
    baseURL: app.baseURL,
    viewport: { width: 390, height: 844 },
    serviceWorkers: 'block',
  })
  const signIn = await context.request.post('/auth/password', {
    headers: { Origin: app.baseURL },
    data: { email: member.email, password: PASSWORD, rememberMe: true },
  })
  if (signIn.status() !== 204) throw new Error(`sign-in answered ${signIn.status()}`)
  const page = await context.newPage()
  const cdp = await context.newCDPSession(page)
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
  await cdp.send('Profiler.enable')
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 })
  await cdp.send('Profiler.start')
  await page.goto('/prayerwall')
  await page.locator('article[aria-labelledby]').first().waitFor()
  const firstCard = await page.evaluate(() => performance.now())
  await page.waitForLoadState('networkidle')
  const { profile } = await cdp.send('Profiler.stop')

  const byNode = new Map(profile.nodes.map((node) => [node.id, node]))
  const selfMs = new Map()
  let total = 0
  profile.samples.forEach((id, index) => {
    const node = byNode.get(id)
    if (node.callFrame.functionName === '(idle)') return
    const ms = (profile.timeDeltas[index + 1] ?? 0) / 1000
    const key = origin(app.baseURL, node.callFrame)
    selfMs.set(key, (selfMs.get(key) ?? 0) + ms)
    total += ms
  })
  console.log(
    `\nThe wall (${wallCards()} cards), cold, CPU ×4: first card at ${Math.round(firstCard)} ms; ` +
      `${Math.round(total)} ms of main-thread JavaScript until the page settled`,
  )
  console.log('Self time by source, largest first:')
  for (const [key, ms] of [...selfMs].sort((a, b) => b[1] - a[1]).slice(0, TOP))
    console.log(`  ${String(Math.round(ms)).padStart(6)} ms  ${key}`)
  await context.close()
} finally {
  await browser.close()
  await app.stop()
}
