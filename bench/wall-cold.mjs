// `npm run bench:wall-cold` (issue 18): a member opening the wall cold on a phone. Debian's
// Chromium at 390×844, service worker blocked (a first visit), throttled as Lighthouse's mobile
// preset is (150 ms round trips, 1.6 Mbit/s down, 750 kbit/s up, the CPU four times slower),
// signed in, the wall holding BENCH_CARDS requests (bench/support/wall-seed.mjs: a full first
// page by default): from navigation to the first prayer card on screen, median of BENCH_RUNS
// (default 5); the main thread's blocking time (each long task's time over 50 ms, as
// Lighthouse's TBT counts it) until the page settles; how many times the page asked for the
// feed (1 when nothing is fetched twice).
// Prints figures; never fails on them. Needs `npm run build`.
import { availableParallelism, loadavg } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { chromium } from 'playwright'
import { startBuiltApp } from '../e2e/support/built-app.mjs'
import { chromiumOptions } from './support/cold-load.mjs'
import { newMember, PASSWORD } from './support/offline-members.mjs'
import { postWall, wallCards } from './support/wall-seed.mjs'

const root = fileURLToPath(new URL('..', import.meta.url))
const runs = Number(process.env.BENCH_RUNS ?? 5)
const FEED = /^\/api\/v1\/intentions$/
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]

async function coldLoad(browser, baseURL, member) {
  const context = await browser.newContext({
    baseURL,
    viewport: { width: 390, height: 844 },
    serviceWorkers: 'block',
  })
  try {
    const signIn = await context.request.post('/auth/password', {
      headers: { Origin: baseURL },
      data: { email: member.email, password: PASSWORD, rememberMe: true },
    })
    if (signIn.status() !== 204) throw new Error(`sign-in answered ${signIn.status()}`)
    await context.addInitScript(() => {
      const tasks = []
      Object.defineProperty(window, '__longTasks', { value: tasks })
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) tasks.push(entry.duration)
      }).observe({ type: 'longtask', buffered: true })
    })
    const page = await context.newPage()
    const cdp = await context.newCDPSession(page)
    await cdp.send('Network.enable')
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 150,
      downloadThroughput: (1.6 * 1024 * 1024) / 8,
      uploadThroughput: (750 * 1024) / 8,
    })
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
    let feedRequests = 0
    page.on('request', (request) => {
      if (FEED.test(new URL(request.url()).pathname)) feedRequests += 1
    })
    await page.goto('/prayerwall', { waitUntil: 'commit' })
    await page.locator('article[aria-labelledby]').first().waitFor({ timeout: 60_000 })
    const card = await page.evaluate(() => performance.now())
    await page.waitForLoadState('networkidle')
    const blocking = await page.evaluate(() =>
      window.__longTasks.reduce((sum, duration) => sum + Math.max(0, duration - 50), 0),
    )
    return { card, blocking, feedRequests }
  } finally {
    await context.close()
  }
}

const app = await startBuiltApp({ logFile: join(root, '.tmp/bench-wall-cold-app.log') })
const browser = await chromium.launch(chromiumOptions)
try {
  const member = await newMember(app.baseURL, 'WallCold')
  await postWall(member)
  const loads = []
  for (let run = 0; run < runs; run += 1) loads.push(await coldLoad(browser, app.baseURL, member))
  const cards = loads.map((load) => load.card)
  console.log(
    `\nThe wall (${wallCards()} cards), signed in, cold, throttled like a phone on slow 4G (${runs} runs)`,
  )
  console.log(`  first card : ${cards.map((ms) => `${Math.round(ms)} ms`).join(', ')}`)
  console.log(`  median     : ${Math.round(median(cards))} ms`)
  const blocking = loads.map((load) => load.blocking)
  console.log(
    `  blocking   : ${blocking.map((ms) => `${Math.round(ms)} ms`).join(', ')} (median ${Math.round(median(blocking))} ms)`,
  )
  console.log(`  feed asked : ${loads.map((load) => load.feedRequests).join(', ')} time(s)`)
  console.log(
    `  machine load (1 min): ${loadavg()[0].toFixed(2)} on ${availableParallelism()} cores`,
  )
} finally {
  await browser.close()
  await app.stop()
}
