// `npm run bench:bundle`: the JavaScript a phone downloads on a cold load (issue 18 budgets),
// measured in Chromium (bench/support/cold-load.mjs) against the built app:
//   - landing `/`, signed out, before idle: <= 120 kB gzip;
//   - wall `/prayerwall`, signed in, until the first card is there and the page settles:
//     <= 200 kB gzip, in English and in Spanish (issue 42: the catalogue included);
//   - every chunk neither of them loads (a lazy chunk): <= 150 kB gzip on its own.
// Exits 1 when a budget is missed: sizes are deterministic, so this is a fair test.
// `npm run bench:treemap` shows where the bytes go (.tmp/treemap.html); the wall's files are
// written to .tmp/bundle-wall-files.txt, which `npm run bench:wall-modules` reads with it.
import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { startBuiltApp } from '../e2e/support/built-app.mjs'
import { chromiumOptions, coldLoadJs, gzipSize } from './support/cold-load.mjs'
import { newMember, PASSWORD } from './support/offline-members.mjs'

const root = fileURLToPath(new URL('..', import.meta.url))
const client = join(root, 'dist/client')
const LANDING_BUDGET = 120_000
const WALL_BUDGET = 200_000
const LAZY_CHUNK_BUDGET = 150_000

if (!existsSync(join(root, 'dist/server/main.js'))) {
  console.log('bench:bundle: dist is missing; running `npm run build` first')
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' })
  if (build.status !== 0) process.exit(build.status ?? 1)
}

// Vite's units (1 kB = 1000 B) so the figures match its build log.
const kB = (bytes) => `${(bytes / 1000).toFixed(1)} kB`
const misses = []
function check(label, bytes, budget) {
  const ok = bytes <= budget
  if (!ok) misses.push(`${label} ${kB(bytes)} > ${kB(budget)} gzip`)
  return ok ? 'ok' : `OVER BUDGET (${kB(budget)} gzip)`
}

const { chromium } = await import('playwright')
const app = await startBuiltApp({ logFile: join(root, '.tmp/bench-bundle-app.log') })
const browser = await chromium.launch(chromiumOptions)
try {
  const landing = await coldLoadJs({ browser, baseURL: app.baseURL, client, path: '/' })

  // A member with one public prayer request, so the wall has a first card to show.
  const member = await newMember(app.baseURL, 'Bundle')
  await member.post('/api/v1/intentions', {
    title: 'Strength for the week ahead',
    details: 'Please pray for strength and calm for my family through a demanding week.',
    tags: [],
    destination: 'public_wall',
  })
  const wallIn = (language) =>
    coldLoadJs({
      language,
      browser,
      baseURL: app.baseURL,
      client,
      path: '/prayerwall',
      signIn: { email: member.email, password: PASSWORD },
      ready: (page) => page.locator('article[aria-labelledby]').first().waitFor(),
      // The live connection waits for the first screen to settle (src/lib/first-screen-settled.ts).
      afterSettled: async (page) => {
        await page.waitForFunction(
          () =>
            performance
              .getEntriesByType('resource')
              .some((entry) => /\/assets\/hub-wiring-[\w-]+\.js$/.test(entry.name)),
          null,
          { timeout: 15_000 },
        )
        await page.waitForTimeout(500)
      },
    })

  const wall = await wallIn(undefined)
  const spanishWall = await wallIn('es')

  console.log(`\nLanding / signed out, before idle: ${landing.files.length} JS files`)
  console.log(`  ${kB(landing.gzip)} gzip  [${check('landing', landing.gzip, LANDING_BUDGET)}]`)
  console.log(`\nWall /prayerwall signed in, first card settled: ${wall.files.length} JS files`)
  console.log(`  ${kB(wall.gzip)} gzip  [${check('wall', wall.gzip, WALL_BUDGET)}]`)
  console.log(`\nWall in Spanish, first card settled: ${spanishWall.files.length} JS files`)
  console.log(
    `  ${kB(spanishWall.gzip)} gzip  [${check('wall in Spanish', spanishWall.gzip, WALL_BUDGET)}]`,
  )
  const later = wall.later.reduce((sum, file) => sum + gzipSize(client, file), 0)
  console.log(
    `  then, once settled, the live connection: ${wall.later.length} JS files, ${kB(later)} gzip`,
  )

  const upFront = new Set([...landing.files, ...wall.files])
  const lazy = readdirSync(join(client, 'assets'))
    .filter((name) => name.endsWith('.js'))
    .map((name) => `assets/${name}`)
    .filter((file) => !upFront.has(file))
    .map((file) => ({ file, gzip: gzipSize(client, file) }))
    .sort((a, b) => b.gzip - a.gzip)
  console.log(`\nLazy chunks (${lazy.length}), largest first:`)
  for (const { file, gzip } of lazy.slice(0, 10))
    console.log(
      `  ${file.padEnd(50)} ${kB(gzip).padStart(9)} gzip  [${check(file, gzip, LAZY_CHUNK_BUDGET)}]`,
    )
  for (const { file, gzip } of lazy.slice(10)) check(file, gzip, LAZY_CHUNK_BUDGET)

  const heaviest = (files) =>
    files
      .map((file) => ({ file, gzip: gzipSize(client, file) }))
      .sort((a, b) => b.gzip - a.gzip)
      .slice(0, 5)
      .map(({ file, gzip }) => `${file} ${kB(gzip)}`)
      .join(', ')
  console.log(`\nHeaviest on the wall: ${heaviest(wall.files)}`)
  writeFileSync(join(root, '.tmp/bundle-wall-files.txt'), `${wall.files.join('\n')}\n`)
  console.log(misses.length ? `\nBudgets MISSED: ${misses.join('; ')}` : '\nEvery budget met.')
} finally {
  await browser.close()
  await app.stop()
}
process.exitCode = misses.length ? 1 : 0
