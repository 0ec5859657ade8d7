// `npm run bench:lighthouse`: Lighthouse's mobile preset (Moto G-class emulation, simulated
// slow 4G) against the BUILT app, started exactly as the e2e run starts it. Measures the
// landing page signed out (target: performance >= 95, CLS < 0.05) and the prayer wall signed in
// (issue 18 target: performance >= 90), each the median of LIGHTHOUSE_RUNS runs (default 3);
// then the wall again as a deployment serves it, behind nginx with TLS and HTTP/2
// (bench/support/tls-proxy.mjs). Prints the figures; never fails on them.
import { mkdirSync, writeFileSync } from 'node:fs'
import { loadavg } from 'node:os'
import { fileURLToPath } from 'node:url'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { startBuiltApp } from '../e2e/support/built-app.mjs'
import { startTlsProxy } from './support/tls-proxy.mjs'
import { newMember } from './support/offline-members.mjs'
import { postWall, wallCards } from './support/wall-seed.mjs'

const chromePath = process.env.CHROME_PATH ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
const runs = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 3))
const tmp = fileURLToPath(new URL('../.tmp/', import.meta.url))
// Chromium 156's headless mode loads the browser's own omnibox popups (chrome://omnibox-popup,
// Lit pages) and runs them beside the page, on a host of two cores (issue 47); a phone's browser
// draws no such UI into the page's load. BENCH_BROWSER_UI=1 keeps them, to compare.
// chrome-launcher passes its own --disable-features first, and the last one given counts: its
// list is kept and these added.
const launcherFeatures = chromeLauncher.Launcher.defaultFlags()
  .find((flag) => flag.startsWith('--disable-features='))
  ?.slice('--disable-features='.length)
const noBrowserUi = process.env.BENCH_BROWSER_UI
  ? []
  : [
      `--disable-features=${[launcherFeatures, 'WebUIOmniboxPopup,WebUIOmniboxAimPopup,WebUIOmniboxFullPopup'].filter(Boolean).join(',')}`,
    ]
const chromeFlags = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  // The TLS proxy's certificate is self-signed (bench/support/tls-proxy.mjs).
  '--ignore-certificate-errors',
  ...noBrowserUi,
]

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]
const score = (lhr, category) => Math.round((lhr.categories[category]?.score ?? 0) * 100)

/** Runs Lighthouse `runs` times on one page and prints the medians. */
async function measure({ name, url, target, port, extraHeaders }) {
  const reports = []
  for (let run = 1, retried = false; run <= runs; run++) {
    const result = await lighthouse(url, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
      // Lighthouse resets the origin's storage (service worker, caches) before each run, never
      // its cookies; the member's session is sent as a header so every run starts cold.
      ...(extraHeaders ? { extraHeaders } : {}),
    })
    if (!result) throw new Error('Lighthouse returned no result')
    const { lhr } = result
    // A trace that missed its navigation (seen on a freshly launched Chromium): Lighthouse's own
    // advice is to run again; once per page, so a real fault still stops the bench.
    if (lhr.runtimeError?.code === 'NO_NAVSTART' && !retried) {
      retried = true
      run--
      continue
    }
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.message}`)
    for (const warning of lhr.runWarnings) console.log(`warning: ${warning}`)
    reports.push(lhr)
    mkdirSync(tmp, { recursive: true })
    writeFileSync(`${tmp}lighthouse-${name}-${run}.json`, JSON.stringify(lhr))
  }

  const audit = (id) => median(reports.map((lhr) => lhr.audits[id]?.numericValue ?? NaN))
  const performance = median(reports.map((lhr) => score(lhr, 'performance')))
  const cls = audit('cumulative-layout-shift')
  const [last] = reports.slice(-1)
  const scores = reports.map((lhr) => score(lhr, 'performance')).join(', ')
  // Lighthouse's measure of this machine's speed (its mobile preset assumes a phone four times
  // slower than the host): beside each score, since the same page scores lower on a slower host.
  const benchmarkIndex = Math.round(median(reports.map((lhr) => lhr.environment.benchmarkIndex)))

  console.log(
    `\nLighthouse ${last.lighthouseVersion}, mobile preset, ${name} ${url} (median of ${runs})`,
  )
  console.log(
    `  performance score : ${performance} (runs: ${scores})  [target >= ${target}: ${performance >= target ? 'met' : 'MISSED'}]`,
  )
  console.log(
    `  benchmark index   : ${benchmarkIndex} (load average ${loadavg()
      .map((load) => load.toFixed(2))
      .join(' ')})`,
  )
  console.log(`  LCP               : ${(audit('largest-contentful-paint') / 1000).toFixed(2)} s`)
  console.log(`  TBT               : ${Math.round(audit('total-blocking-time'))} ms`)
  console.log(
    `  CLS               : ${cls.toFixed(3)}  [target < 0.05: ${cls < 0.05 ? 'met' : 'MISSED'}]`,
  )
  console.log(`  FCP               : ${(audit('first-contentful-paint') / 1000).toFixed(2)} s`)
  console.log(
    `  other categories  : accessibility ${score(last, 'accessibility')}, ` +
      `best practices ${score(last, 'best-practices')}, SEO ${score(last, 'seo')}`,
  )
  console.log(`  full report       : ${tmp}lighthouse-${name}-${runs}.json`)
}

const app = await startBuiltApp({ logFile: `${tmp}lighthouse-app.log` })
const chrome = await chromeLauncher.launch({ chromePath, chromeFlags }).catch(async (error) => {
  await app.stop()
  throw error
})
try {
  await measure({ name: 'landing', url: `${app.baseURL}/`, target: 95, port: chrome.port })

  // A member and a wall of BENCH_CARDS public requests (a full first page by default).
  const member = await newMember(app.baseURL, 'Lighthouse')
  await postWall(member)
  console.log(`\n(the wall holds ${wallCards()} cards)`)
  await measure({
    name: 'wall',
    url: `${app.baseURL}/prayerwall`,
    target: 90,
    port: chrome.port,
    extraHeaders: { Cookie: member.cookie },
  })

  // The same wall as a deployment serves it (deploy/nginx/app.conf): nginx in front, TLS and
  // HTTP/2 to the browser. The figure above is the app's own plain HTTP/1.1 port.
  const proxy = await startTlsProxy({ upstream: new URL(app.baseURL).host })
  try {
    await measure({
      name: 'wall-behind-nginx',
      url: `${proxy.url}/prayerwall`,
      target: 90,
      port: chrome.port,
      extraHeaders: { Cookie: member.cookie },
    })
  } finally {
    await proxy.stop()
  }
} finally {
  await chrome.kill()
  await app.stop()
}
