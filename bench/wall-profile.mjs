// `npm run bench:wall-profile` (issue 18): where a phone's CPU goes on a cold load of the wall.
// The built app in Chromium at 390×844, service worker blocked, the CPU four times slower (as
// Lighthouse's mobile preset and bench:wall-cold have it), signed in, a full first page of
// cards; a trace with V8's sampling profiler from navigation until the page settles. Each
// sample's function is mapped through the build's source maps to the module it came from.
// Prints the self time summed by package (node_modules) or by our own file, then the long tasks
// (50 ms and over: what Lighthouse's Total Blocking Time counts) with what ran in each, the
// browser's own work (style, layout, paint) included, and under it our own functions nearest
// up the samples' stacks (which component's render, which hook's effect). Never fails on them. Needs `npm run build`.
//   BENCH_TOP (default 25): lines of the self-time table; BENCH_TASK_TOP (default 5): per task.
//   BENCH_CPU (default 4): the CPU slowdown. Lighthouse's mobile preset traces at 1 and
//   multiplies each task by 4 (its simulation): `BENCH_CPU=1` lists the tasks of 12.5 ms and over,
//   the ones its Total Blocking Time is made of. BENCH_LONG_TASK_MS sets another threshold.
import { readFileSync } from 'node:fs'
import { loadavg } from 'node:os'
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
const TASK_TOP = Number(process.env.BENCH_TASK_TOP ?? 5)
const CPU = Number(process.env.BENCH_CPU ?? 4)
// What blocks a phone four times slower than this machine: 50 ms there (Total Blocking Time's
// threshold) is 50 × CPU / 4 here.
const BLOCKING_MS = (50 * CPU) / 4
const LONG_TASK_MS = Number(process.env.BENCH_LONG_TASK_MS ?? BLOCKING_MS)
// The browser's own work inside a task, by trace event.
const BROWSER_WORK = ['ParseHTML', 'UpdateLayoutTree', 'Layout', 'PrePaint', 'Paint']

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
  const source =
    map && originalPositionFor(map, { line: lineNumber + 1, column: columnNumber }).source
  if (!source) return file
  const inPackage = source.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/)
  return inPackage ? inPackage[1] : source.replace(/^(\.\.\/)+/, '')
}

/**
 * The profiler's samples of the page's renderer (`pid`), each with its time (µs) and source.
 * Other processes' samples are left out: Chromium 156's headless mode runs its own omnibox
 * popups (chrome://omnibox-popup, Lit) in a renderer of their own beside the page.
 */
function samplesOf(events, baseURL, pid) {
  const nodes = new Map()
  const samples = []
  let time = 0
  const chunks = events.filter(
    (e) => (e.name === 'Profile' || e.name === 'ProfileChunk') && e.pid === pid,
  )
  for (const event of chunks.sort((a, b) => a.ts - b.ts)) {
    if (event.name === 'Profile') {
      time = event.args.data.startTime
      continue
    }
    const { cpuProfile = {}, timeDeltas = [] } = event.args.data
    for (const node of cpuProfile.nodes ?? []) nodes.set(node.id, node)
    ;(cpuProfile.samples ?? []).forEach((id, index) => {
      time += timeDeltas[index]
      samples.push({ ts: time, id })
    })
  }
  // Our own function nearest up a sample's stack (a component, a hook): whose work it was.
  const owners = new Map()
  const ownerOf = (id) => {
    if (!owners.has(id)) {
      const node = nodes.get(id)
      const source = node && origin(baseURL, node.callFrame)
      owners.set(
        id,
        !node
          ? null
          : /^(src|contract)\//.test(source)
            ? `${source} ${originalName(baseURL, node.callFrame) ?? ''}`.trim()
            : node.parent === undefined
              ? null
              : ownerOf(node.parent),
      )
    }
    return owners.get(id)
  }
  return samples.flatMap(({ ts, id }, index) => {
    const frame = nodes.get(id)?.callFrame
    if (!frame || frame.functionName === '(idle)') return []
    const ms = ((samples[index + 1]?.ts ?? ts) - ts) / 1000
    return [{ ts, ms, source: origin(baseURL, frame), owner: ownerOf(id) }]
  })
}

/** The function's name in our source, through the source map. */
function originalName(baseURL, { url, lineNumber, columnNumber, functionName }) {
  if (!url?.startsWith(baseURL)) return functionName || null
  const map = traceMap(new URL(url).pathname.slice(1))
  return (
    (map && originalPositionFor(map, { line: lineNumber + 1, column: columnNumber }).name) ||
    functionName ||
    null
  )
}

const sumBy = (items, key, value) => {
  const sums = new Map()
  for (const item of items) sums.set(key(item), (sums.get(key(item)) ?? 0) + value(item))
  return [...sums].sort((a, b) => b[1] - a[1])
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
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU })
  await browser.startTracing(page, {
    categories: [
      'devtools.timeline',
      'disabled-by-default-devtools.timeline',
      'disabled-by-default-v8.cpu_profiler',
    ],
  })
  await page.goto('/prayerwall')
  await page.locator('article[aria-labelledby]').first().waitFor()
  await page.waitForLoadState('networkidle')
  const { traceEvents: events } = JSON.parse((await browser.stopTracing()).toString())

  // The page's main thread: the one that parsed the wall's HTML.
  const parse = events.find(
    (e) => e.name === 'ParseHTML' && String(e.args?.beginData?.url).includes('/prayerwall'),
  )
  if (!parse) throw new Error('the trace holds no parse of /prayerwall')
  const onMain = (e) => e.pid === parse.pid && e.tid === parse.tid
  const ms = (us) => Math.round(us / 1000)
  const samples = samplesOf(events, app.baseURL, parse.pid)
  const cards = events.filter(
    (e) => onMain(e) && e.name === 'largestContentfulPaint::Candidate' && e.ts > parse.ts,
  )
  const total = samples.reduce((sum, sample) => sum + sample.ms, 0)
  console.log(
    `\nThe wall (${wallCards()} cards), cold, CPU ×${CPU}: largest paint at ` +
      `${cards.length ? ms(cards.at(-1).ts - parse.ts) : '?'} ms after the HTML's parse began; ` +
      `${Math.round(total)} ms of main-thread JavaScript until the page settled`,
  )
  console.log('Self time by source, largest first:')
  for (const [source, self] of sumBy(
    samples,
    (s) => s.source,
    (s) => s.ms,
  ).slice(0, TOP))
    console.log(`  ${String(Math.round(self)).padStart(6)} ms  ${source}`)

  const tasks = events
    .filter(
      (e) =>
        onMain(e) &&
        e.name === 'RunTask' &&
        e.dur >= LONG_TASK_MS * 1000 &&
        e.ts >= parse.ts - e.dur,
    )
    .sort((a, b) => a.ts - b.ts)
  const blocking = tasks.reduce((sum, task) => sum + Math.max(0, task.dur / 1000 - BLOCKING_MS), 0)
  console.log(
    `\nLong tasks (${LONG_TASK_MS} ms and over), from the HTML's parse: ${tasks.length}, ` +
      `${Math.round(blocking)} ms beyond ${BLOCKING_MS} ms each ` +
      `(load average ${loadavg()
        .map((load) => load.toFixed(2))
        .join(' ')}):`,
  )
  for (const task of tasks) {
    const within = (e) => e.ts >= task.ts && e.ts + (e.dur ?? 0) <= task.ts + task.dur
    const browserWork = sumBy(
      events.filter((e) => onMain(e) && within(e) && BROWSER_WORK.includes(e.name)),
      (e) => e.name,
      (e) => e.dur / 1000,
    ).filter(([, spent]) => spent >= 1)
    const scripts = sumBy(
      // '(program)' is the browser's own work, shown above by its kind.
      samples.filter(
        (s) => s.ts >= task.ts && s.ts <= task.ts + task.dur && s.source !== '(program)',
      ),
      (s) => s.source,
      (s) => s.ms,
    ).slice(0, TASK_TOP)
    const parts = [...browserWork, ...scripts].map(
      ([name, spent]) => `${name} ${Math.round(spent)}`,
    )
    const ours = sumBy(
      samples.filter((s) => s.ts >= task.ts && s.ts <= task.ts + task.dur && s.owner),
      (s) => s.owner,
      (s) => s.ms,
    )
      .slice(0, TASK_TOP)
      .map(([name, spent]) => `${name} ${Math.round(spent)}`)
    console.log(
      `  at ${String(ms(task.ts - parse.ts)).padStart(5)} ms: ${ms(task.dur)} ms  (${parts.join(', ')})`,
    )
    // The same samples by our function nearest up their stacks.
    if (ours.length) console.log(`           ours, with what they called: ${ours.join(', ')}`)
  }
  await context.close()
} finally {
  await browser.close()
  await app.stop()
}
