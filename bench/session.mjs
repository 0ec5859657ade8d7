// `npm run bench:session`: how fast the server answers GET /auth/session for a signed-in member
// (one indexed query joined to the user, DESIGN §5), beside GET /healthz on the same server as
// the floor, on embedded PGlite and on PostgreSQL. Prints req/s, p99 and the ratio; never fails.
//   BENCH_SECONDS (default 10), BENCH_CONNECTIONS (default 50),
//   BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test; a scratch database is
//   created beside it and dropped afterwards).
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import autocannon from 'autocannon'
import { withScratchPostgres } from './support/scratch-postgres.mjs'

const root = fileURLToPath(new URL('..', import.meta.url))
const seconds = Number(process.env.BENCH_SECONDS ?? 10)
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50)
const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test'

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address()
      server.close(() => resolve(port))
    })
  })
}

async function startServer(extraEnv) {
  const port = await freePort()
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-session-'))
  const base = `http://127.0.0.1:${port}`
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: base,
      APP_ENV: 'development',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      REDIS_URL: '',
      SMTP_URL: '',
      ...extraEnv,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  })
  const deadline = Date.now() + 60_000
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`)
    const ready = await fetch(`${base}/readyz`).then(
      (r) => r.ok,
      () => false,
    )
    if (ready) break
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  const stop = async () => {
    child.kill('SIGTERM')
    await new Promise((resolve) => child.once('exit', resolve))
    rmSync(dataDir, { recursive: true, force: true })
  }
  return { base, stop }
}

// A real member: sign up, then sign in with the password (the cookie the browser would hold).
async function signedInCookie(base) {
  const email = `bench-${Date.now()}@example.test`
  const password = 'Bench-password-1234'
  const json = { 'content-type': 'application/json' }
  const signUp = await fetch(`${base}/auth/signup`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ email, password, confirmPassword: password, acceptTerms: true }),
  })
  if (signUp.status !== 202) throw new Error(`sign-up answered ${signUp.status}`)
  const signIn = await fetch(`${base}/auth/password`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ email, password, rememberMe: true }),
  })
  if (signIn.status !== 204) throw new Error(`sign-in answered ${signIn.status}`)
  // Every cookie the browser would hold (the session's and, since issue 39, the device's).
  return signIn.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ')
}

async function load(url, headers) {
  const result = await autocannon({ url, connections, duration: seconds, headers })
  const wrong = result.non2xx + result.errors
  return { rps: result.requests.average, p99: result.latency.p99, wrong }
}

async function measure(label, extraEnv) {
  const server = await startServer(extraEnv)
  try {
    const cookie = await signedInCookie(server.base)
    const check = await fetch(`${server.base}/auth/session`, { headers: { cookie } }).then((r) =>
      r.json(),
    )
    if (!check.isAuthenticated) throw new Error('the benchmark cookie is not signed in')
    // Warm the JIT and the connection pool before measuring.
    await autocannon({
      url: `${server.base}/auth/session`,
      connections,
      duration: 2,
      headers: { cookie },
    })
    const session = await load(`${server.base}/auth/session`, { cookie })
    const health = await load(`${server.base}/healthz`, {})
    return { label, session, health }
  } finally {
    await server.stop()
  }
}

const results = [await measure('PGlite', {})]
const onPostgres = await withScratchPostgres(adminUrl, 'bench_session', (url) =>
  measure('PostgreSQL', { DATABASE_URL: url }),
)
if (onPostgres) results.push(onPostgres)

console.log(
  `\nGET /auth/session (signed in) vs GET /healthz, ${connections} connections, ${seconds} s each\n`,
)
console.log(
  'database    | session req/s | session p99 | healthz req/s | healthz p99 | session/healthz',
)
for (const { label, session, health } of results) {
  const row = [
    label.padEnd(11),
    String(Math.round(session.rps)).padStart(13),
    `${session.p99} ms`.padStart(11),
    String(Math.round(health.rps)).padStart(13),
    `${health.p99} ms`.padStart(11),
    `${((session.rps / health.rps) * 100).toFixed(0)} %`.padStart(15),
  ]
  console.log(row.join(' | '))
  if (session.wrong + health.wrong > 0)
    console.log(`  (${session.wrong + health.wrong} non-2xx answers or errors: figures suspect)`)
}
