// `npm run bench:lighthouse`: Lighthouse's mobile preset (Moto G-class emulation, simulated
// slow 4G) against the BUILT app, started exactly as the e2e run starts it. Prints the
// landing page's figures (issue 2 targets: performance >= 95, CLS < 0.05); never fails on them.
import { mkdirSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { startBuiltApp } from '../e2e/support/built-app.mjs'

const chromePath = process.env.CHROME_PATH ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
const runs = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 1))
const tmp = fileURLToPath(new URL('../.tmp/', import.meta.url))
const chromeFlags = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
]

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]

const app = await startBuiltApp({ logFile: `${tmp}lighthouse-app.log` })
const chrome = await chromeLauncher.launch({ chromePath, chromeFlags }).catch(async (error) => {
  await app.stop()
  throw error
})
try {
  const url = `${app.baseURL}/`
  const reports = []
  for (let run = 1; run <= runs; run++) {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
    })
    if (!result) throw new Error('Lighthouse returned no result')
    const { lhr } = result
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.message}`)
    for (const warning of lhr.runWarnings) console.log(`warning: ${warning}`)
    reports.push(lhr)
    mkdirSync(tmp, { recursive: true })
    writeFileSync(`${tmp}lighthouse-${run}.json`, JSON.stringify(lhr))
  }

  const score = (lhr, category) => Math.round((lhr.categories[category]?.score ?? 0) * 100)
  const audit = (id) => median(reports.map((lhr) => lhr.audits[id]?.numericValue ?? NaN))
  const performance = median(reports.map((lhr) => score(lhr, 'performance')))
  const lcp = audit('largest-contentful-paint')
  const tbt = audit('total-blocking-time')
  const cls = audit('cumulative-layout-shift')
  const fcp = audit('first-contentful-paint')
  const [last] = reports.slice(-1)

  console.log(`\nLighthouse ${last.lighthouseVersion}, mobile preset, ${url} (median of ${runs})`)
  console.log(
    `  performance score : ${performance}  [target >= 95: ${performance >= 95 ? 'met' : 'MISSED'}]`,
  )
  console.log(`  LCP               : ${(lcp / 1000).toFixed(2)} s`)
  console.log(`  TBT               : ${Math.round(tbt)} ms`)
  console.log(
    `  CLS               : ${cls.toFixed(3)}  [target < 0.05: ${cls < 0.05 ? 'met' : 'MISSED'}]`,
  )
  console.log(`  FCP               : ${(fcp / 1000).toFixed(2)} s`)
  console.log(
    `  other categories  : accessibility ${score(last, 'accessibility')}, ` +
      `best practices ${score(last, 'best-practices')}, SEO ${score(last, 'seo')}`,
  )
  console.log(`  full report       : ${tmp}lighthouse-${runs}.json`)
} finally {
  await chrome.kill()
  await app.stop()
}
