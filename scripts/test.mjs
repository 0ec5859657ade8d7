// `npm test`: the whole suite on a fresh machine (DESIGN §2, §8). Every stage prints one
// summary line; none is skipped silently. The last line is exactly `N passed, N failed`.
import { spawn, spawnSync } from 'node:child_process'
import {
  accessSync,
  closeSync,
  constants,
  existsSync,
  mkdirSync,
  openSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
} from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))
// `npm test -- <path or pattern> …` runs only what matches: vitest takes the words as parts of
// test file paths, Playwright as patterns over its spec files' paths. A stage with nothing
// that matches prints a skip line instead of running.
const patterns = process.argv.slice(2)
const resultsDir = join(root, '.tmp/test-results')
const bin = (name) => join(root, 'node_modules/.bin', name)
const stages = []

function run(command, args, env = process.env) {
  const result = spawnSync(command, args, { cwd: root, env, stdio: 'inherit' })
  if (result.error) console.error(`test: could not run ${command}: ${result.error.message}`)
  return result.status ?? 1
}

// The same, beside whatever runs next: its output goes straight to `logFile` (the stages after it
// block this process in spawnSync, so nothing here could drain a pipe; the caller prints the
// file when it ends, so two stages' lines never interleave). Resolves to the exit code.
function runBeside(command, args, env, logFile) {
  const log = openSync(logFile, 'w')
  const child = spawn(command, args, { cwd: root, env, stdio: ['ignore', log, log] })
  closeSync(log)
  return new Promise((resolve) => {
    child.on('error', (error) => {
      console.error(`test: could not run ${command}: ${error.message}`)
      resolve(1)
    })
    child.on('close', (code) => resolve(code ?? 1))
  })
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'))
  } catch {
    return undefined
  }
}

/**
 * A stage's line; the tests that failed are named under it in the summary too, because a CI
 * log is often read from its tail, far below the failure's own report.
 */
function record(
  name,
  { passed = 0, failed = 0, skipped = 0, note = '', failures = [] },
  started,
  ended = Date.now(),
) {
  const seconds = ((ended - started) / 1000).toFixed(1)
  const status = failed > 0 ? 'FAIL' : 'ok  '
  const extra = [skipped ? `${skipped} skipped` : '', note].filter(Boolean).join('; ')
  const named = failures.map((failure) => `\n      failed: ${failure}`).join('')
  const line = `[${status}] ${name}: ${passed} passed, ${failed} failed${extra ? ` (${extra})` : ''} in ${seconds} s${named}`
  stages.push({ line, passed, failed })
  console.log(`\n${line}\n`)
}

/** `file > test name` of each failed test in a vitest JSON report. */
function vitestFailures(report) {
  return (report?.testResults ?? []).flatMap((file) => {
    const path = relative(root, file.name)
    const tests = (file.assertionResults ?? []).filter((test) => test.status === 'failed')
    if (tests.length === 0 && file.status === 'failed') return [`${path} (the file did not run)`]
    return tests.map((test) => `${path} > ${test.fullName}`)
  })
}

/** `file > test title` of each unexpected result in a Playwright JSON report, and its errors. */
function playwrightFailures(report) {
  const failures = []
  const walk = (suite, titles) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status === 'unexpected')
          failures.push(
            `${spec.file} > ${[...titles, spec.title].join(' > ')} [${test.projectName}]`,
          )
      }
    }
    for (const child of suite.suites ?? []) walk(child, [...titles, child.title])
  }
  for (const suite of report?.suites ?? []) walk(suite, [])
  // Errors outside any test: a spec that does not load, the run's global time limit.
  for (const error of report?.errors ?? []) failures.push(String(error.message).split('\n')[0])
  return failures
}

// Stages that run no tests (build, not-configured services) still get their summary line.
function note(status, text) {
  const line = `[${status}] ${text}`
  stages.push({ line, passed: 0, failed: 0 })
  console.log(`\n${line}\n`)
}

function withoutEnv(names) {
  const env = { ...process.env }
  for (const name of names) delete env[name]
  return env
}

// A stage that is not a test suite counts as one failure when it breaks (so the total can
// never read "0 failed" while something did not run).
function recordStep(name, code, started, ended = Date.now()) {
  if (code !== 0) record(name, { failed: 1, note: `exit code ${code}` }, started, ended)
  else note('ok  ', `${name} in ${((ended - started) / 1000).toFixed(1)} s`)
  return code === 0
}

function step(name, command, args, env) {
  const started = Date.now()
  return recordStep(name, run(command, args, env), started)
}

/**
 * A command started now beside the stages that follow; the returned function waits for it,
 * prints its log and answers its exit code and when it ended.
 */
function beside(name, command, args, env, logFile) {
  const exited = runBeside(command, args, env, logFile)
  return async () => {
    const code = await exited
    console.log(`\n--- ${name} (ran beside the stages after it; its log: ${logFile}) ---`)
    process.stdout.write(readFileSync(logFile, 'utf8'))
    return { code, ended: loggedUntil(logFile) }
  }
}

/** `step`, beside what runs next; the returned function waits for it and records it. */
function stepBeside(name, command, args, env) {
  const started = Date.now()
  const ended = beside(
    name,
    command,
    args,
    env,
    join(resultsDir, `${name.replace(/\W+/g, '-')}.log`),
  )
  return async () => {
    const result = await ended()
    recordStep(name, result.code, started, result.ended)
  }
}

function vitestArgs(args, output) {
  return [
    'run',
    ...args,
    ...(patterns.length > 0 ? ['--passWithNoTests', ...patterns] : []),
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${output}`,
  ]
}

function recordVitest(name, code, output, started, ended = Date.now()) {
  const report = readJson(output)
  if (patterns.length > 0 && code === 0 && report?.testResults?.length === 0) {
    note('skip', `${name}: no test file matches ${patterns.join(' ')}`)
    return
  }
  let failed = report?.numFailedTests ?? 0
  // Files that fail to load, unhandled errors and the like fail the run without failing a test.
  if (code !== 0 && failed === 0) failed = Math.max(1, report?.numFailedTestSuites ?? 0)
  record(
    name,
    {
      passed: report?.numPassedTests ?? 0,
      failed,
      skipped: (report?.numPendingTests ?? 0) + (report?.numTodoTests ?? 0),
      note: report ? '' : 'no JSON report written',
      failures: vitestFailures(report),
    },
    started,
    ended,
  )
}

// A stage run beside a spawnSync one cannot hear its own end (this process's event loop is
// blocked until the other returns), so its seconds end where its log's last line was written.
function loggedUntil(logFile) {
  try {
    return statSync(logFile).mtimeMs
  } catch {
    return Date.now()
  }
}

function vitest(name, args, env, outputName) {
  const started = Date.now()
  const output = join(resultsDir, outputName)
  rmSync(output, { force: true })
  recordVitest(name, run(bin('vitest'), vitestArgs(args, output), env), output, started)
}

/** A vitest stage beside what runs next; the returned function waits for it and records it. */
function vitestBeside(name, args, env, outputName) {
  const started = Date.now()
  const output = join(resultsDir, outputName)
  const logFile = join(resultsDir, outputName.replace(/\.json$/, '.log'))
  rmSync(output, { force: true })
  const ended = beside(name, bin('vitest'), vitestArgs(args, output), env, logFile)
  return async () => {
    const result = await ended()
    recordVitest(name, result.code, output, started, result.ended)
  }
}

// Playwright reads each word as a regular expression over a spec file's absolute path (a
// trailing :line is its own); knowing beforehand spares the build when no spec matches.
function e2eMatches() {
  if (patterns.length === 0) return true
  const specs = readdirSync(join(root, 'e2e'), { recursive: true })
    .map(String)
    .filter((file) => /\.(spec|test)\.[cm]?[jt]sx?$/.test(file))
    .map((file) => join(root, 'e2e', file))
  const matches = (pattern) => {
    const source = pattern.replace(/:\d+(:\d+)?$/, '')
    try {
      const regex = new RegExp(source)
      return (file) => regex.test(file)
    } catch {
      return (file) => file.includes(source)
    }
  }
  return patterns.some((pattern) => specs.some(matches(pattern)))
}

const executable = (path) => {
  try {
    accessSync(path, constants.X_OK)
    return true
  } catch {
    return false
  }
}

// Debian's Chromium only, never a downloaded browser (DESIGN §8), and Debian's headless shell
// beside it, which most specs run in (e2e/support/chromium.ts; without it they use the full
// browser, only slower).
function findChromium() {
  const path = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
  const shell = process.env.HEADLESS_SHELL_PATH ?? '/usr/lib/chromium/chromium-headless-shell'
  const missing = [
    !executable(path) && !process.env.CHROMIUM_PATH && 'chromium',
    !executable(shell) && !process.env.HEADLESS_SHELL_PATH && 'chromium-headless-shell',
  ].filter(Boolean)
  const aptGet = ['/usr/bin/apt-get', '/bin/apt-get'].find((file) => existsSync(file))
  if (missing.length > 0 && process.getuid?.() === 0 && aptGet) {
    console.log(`test: installing Debian's ${missing.join(' and ')} with apt-get`)
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' }
    if (run(aptGet, ['install', '-y', ...missing], env) !== 0) {
      run(aptGet, ['update'], env)
      run(aptGet, ['install', '-y', ...missing], env)
    }
  }
  if (executable(path)) return path
  console.error(
    `test: Chromium not found at ${path}. Install Debian's Chromium (as root: ` +
      '`apt-get update && apt-get install -y chromium chromium-headless-shell`) or set ' +
      'CHROMIUM_PATH to a Chromium binary.',
  )
  return undefined
}

function playwright(chromiumPath) {
  const started = Date.now()
  const output = join(resultsDir, 'playwright.json')
  rmSync(output, { force: true })
  const env = {
    ...process.env,
    CHROMIUM_PATH: chromiumPath,
    PLAYWRIGHT_JSON_OUTPUT_FILE: output,
  }
  const code = run(bin('playwright'), ['test', '--reporter=list,json', ...patterns], env)
  const report = readJson(output)
  const stats = report?.stats
  let failed = stats?.unexpected ?? 0
  if (code !== 0 && failed === 0) failed = 1
  record(
    'e2e (Playwright, Chromium, built app)',
    {
      passed: (stats?.expected ?? 0) + (stats?.flaky ?? 0),
      failed,
      skipped: stats?.skipped ?? 0,
      note: [stats?.flaky ? `${stats.flaky} flaky` : '', stats ? '' : 'no JSON report written']
        .filter(Boolean)
        .join('; '),
      failures: playwrightFailures(report),
    },
    started,
  )
}

mkdirSync(resultsDir, { recursive: true })
const scripts = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).scripts ?? {}

// (a) The TanStack route tree is generated, never committed: the client tests import it.
const routesScript = ['generate:routes', 'routes:generate', 'generate-routes'].find(
  (s) => s in scripts,
)
if (routesScript && process.env.npm_lifecycle_event === 'test' && 'pretest' in scripts) {
  console.log('test: the route tree was generated by the pretest script')
} else if (routesScript) {
  console.log(`test: generating the route tree (npm run ${routesScript})`)
  step('route tree generation', 'npm', ['run', routesScript])
} else {
  console.log(
    'test: no route-generation script in package.json; the Vite build generates the route tree',
  )
}

// (a2) The build the e2e stage needs, first; then the bundle budgets (issue 18: what a phone
// downloads stays within budget) beside the vitest stages: a browser loading two pages, ~16 s
// that the CPU-bound stages barely notice. A file's size is deterministic; which files arrive
// before the wall's first card is not quite (docs/pwa.md). Part of the whole suite only; a run
// of chosen tests leaves it out.
const chromium = e2eMatches() ? findChromium() : null
const built = Boolean(chromium) && step('build (npm run build)', 'npm', ['run', 'build'])
let budgetsStage = async () => {}
if (built && patterns.length === 0) {
  // The issue's budgets themselves (bench/bundle.mjs): the wall came down from 359.4 kB when the
  // check joined the suite to 195.7 kB (ADRs 0018, 0023, 0025; the live connection after the
  // first screen settled).
  budgetsStage = stepBeside('bundle budgets (npm run bench:bundle)', 'node', ['bench/bundle.mjs'], {
    ...process.env,
    CHROMIUM_PATH: chromium,
  })
} else if (built) {
  note('skip', `bundle budgets: only with the whole suite (chosen: ${patterns.join(' ')})`)
}

// (b) The server suite on PostgreSQL and/or Redis when CI provides them, started first and run
// beside the PGlite stage: it mostly waits (sockets, the hub's 41 s keep-alive idle; ~40 s of
// CPU in ~80 s), which the CPU-bound PGlite stage fills. Beside the e2e stage instead, its load
// made browser waits time out (docs/testing.md, "Where the time goes").
const { TEST_DATABASE_URL: pg, TEST_REDIS_URL: redis } = process.env
let servicesStage = async () => {}
if (pg || redis) {
  const on = [pg && 'PostgreSQL', redis && 'Redis'].filter(Boolean).join(' + ')
  servicesStage = vitestBeside(
    `server suite on ${on}`,
    ['--project', 'server'],
    // Without the files that never reach PostgreSQL or Redis (vitest.config.ts).
    { ...process.env, TEST_SERVICES_ONLY: '1' },
    'vitest-services.json',
  )
}

// (c) Client and server projects on in-memory PGlite: the machine's databases stay out of it.
const dbEnv = ['TEST_DATABASE_URL', 'TEST_REDIS_URL', 'DATABASE_URL', 'REDIS_URL']
vitest('unit + integration (client, server on PGlite)', [], withoutEnv(dbEnv), 'vitest-pglite.json')
await servicesStage()
await budgetsStage()

// (c2) Issue 44: `npm run chaos`, bounded (5 s faults, 12 members, about three minutes), on
// services of its own (the machine's PostgreSQL and Redis are never stopped), so it needs their
// programs and nginx beside the built app. Its promises that are not timings fail the stage:
// no acknowledged write lost or applied twice, no 500, no live event missed after recovery,
// the process that stayed up served throughout (CHAOS_CHECK). Whole suite only.
const chaosTools = ['/usr/lib/postgresql', '/usr/bin/redis-server', '/usr/sbin/nginx'].every(
  (path) => existsSync(path),
)
if (built && patterns.length === 0 && pg && redis && chaosTools) {
  step('chaos (npm run chaos, bounded)', 'node', ['bench/chaos.mjs'], {
    ...process.env,
    CHAOS_CHECK: '1',
    CHAOS_FAULT_SECONDS: '5',
    CHAOS_SETTLE_SECONDS: '5',
    CHAOS_MEMBERS: '12',
  })
} else if (patterns.length === 0) {
  note(
    'skip',
    'chaos: needs the build, TEST_DATABASE_URL, TEST_REDIS_URL, PostgreSQL, Redis and nginx',
  )
}
if (!pg) {
  note(
    'skip',
    'PostgreSQL stage not configured: TEST_DATABASE_URL is unset (server suite ran on PGlite only)',
  )
}
if (!redis) {
  note(
    'skip',
    'Redis stage not configured: TEST_REDIS_URL is unset (hub backplane ran in-process only)',
  )
}

// (d) The built app in Debian's Chromium (built and budgeted before the vitest stages).
if (chromium === null) {
  note('skip', `build and e2e: no spec file matches ${patterns.join(' ')}`)
} else if (!chromium) {
  record('e2e (Playwright)', { failed: 1, note: 'Chromium missing, e2e not run' }, Date.now())
} else if (built) {
  playwright(chromium)
} else {
  note('FAIL', 'e2e not run: the build failed')
}

// A pattern that matches nothing must not read as a green run.
if (patterns.length > 0 && stages.every((stage) => stage.passed === 0 && stage.failed === 0)) {
  record('selection', { failed: 1, note: `no test matches ${patterns.join(' ')}` }, Date.now())
}

console.log('Summary:')
for (const { line } of stages) console.log(`  ${line}`)
const passed = stages.reduce((sum, stage) => sum + stage.passed, 0)
const failed = stages.reduce((sum, stage) => sum + stage.failed, 0)
console.log(`${passed} passed, ${failed} failed`)
process.exit(failed > 0 ? 1 : 0)
