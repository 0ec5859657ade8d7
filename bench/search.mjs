// `npm run bench:search` (issue 43): search over 100,000 requests and 20,000 testimonies in four
// languages. p50/p99 and req/s of a one-word, a three-word and a misspelled query (the last
// answered by the trigram fallback) at 1 and at 50 connections, beside GET /healthz in the same
// run, on PGlite and on PostgreSQL. Prints figures; never fails.
//   BENCH_SECONDS (default 5), BENCH_CONNECTIONS (default 50),
//   BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres; a scratch
//   database bench_search_<pid> is created beside it and dropped afterwards),
//   BENCH_ONLY (pglite or postgres: measure one database),
//   BENCH_SEEDED_URL (a PostgreSQL database seeded by bench/support/search-seed.ts, kept: measured
//   as it is, no scratch database; for two versions of the code back to back over one data set),
//   BENCH_KEEP_URL (seed this empty database and keep it, for BENCH_SEEDED_URL afterwards).
import { spawn } from 'node:child_process'
import os from 'node:os'
import { fileURLToPath } from 'node:url'
import autocannon from 'autocannon'
import { withScratchPostgres } from './support/scratch-postgres.mjs'

const root = fileURLToPath(new URL('..', import.meta.url))
const seconds = Number(process.env.BENCH_SECONDS ?? 5)
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50)
const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'
const only = process.env.BENCH_ONLY

// Words of the seed's English vocabulary (bench/support/search-seed.ts); "srugery" matches no
// word, so it is answered by similar spellings.
const QUERIES = [
  ['one word', 'surgery'],
  ['three words', 'mother surgery recovery'],
  ['misspelled', 'srugery'],
]

function startServer(env) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/search.server.ts'], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  })
  const ready = new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the search server exited with ${code}`)))
    child.on('message', (message) => message.ready && resolve(message))
  })
  return {
    ready,
    /** The server's CPU time so far, µs (process.cpuUsage(), user and system). */
    cpu: () =>
      new Promise((resolve) => {
        const answer = (message) => {
          if (message.cpu === undefined) return
          child.off('message', answer)
          resolve(message.cpu)
        }
        child.on('message', answer)
        child.send('cpu')
      }),
    stop: () =>
      new Promise((resolve) => {
        if (!child.connected) return resolve()
        child.once('exit', resolve)
        child.disconnect()
      }),
  }
}

/** autocannon over `path`, each request as the next member (searches are limited per member). */
function load(port, path, cookies, connectionCount) {
  let next = 0
  return autocannon({
    url: `http://127.0.0.1:${port}`,
    connections: connectionCount,
    duration: seconds,
    requests: [
      {
        method: 'GET',
        path,
        setupRequest: (request) => ({
          ...request,
          headers: { ...request.headers, cookie: cookies[(next += 1) % cookies.length] },
        }),
      },
    ],
  })
}

const row = (cells) =>
  cells.map((cell, index) => String(cell).padEnd(index === 0 ? 30 : 12)).join('')

async function measure(label, env) {
  console.log(`\n${label}: seeding…`)
  const server = startServer(env)
  try {
    const { port, cookies } = await server.ready
    console.log(row(['', 'conns', 'p50 ms', 'p99 ms', 'req/s', 'non-2xx', 'app CPU ms/req']))
    for (const count of [1, connections]) {
      const targets = [
        ['/healthz', '/healthz'],
        ...QUERIES.map(([name, q]) => [
          `search: ${name}`,
          `/api/v1/search?q=${encodeURIComponent(q)}`,
        ]),
      ]
      for (const [name, path] of targets) {
        const cpuBefore = await server.cpu()
        const result = await load(port, path, cookies, count)
        const cpu = (await server.cpu()) - cpuBefore
        console.log(
          row([
            name,
            count,
            result.latency.p50,
            result.latency.p99,
            Math.round(result.requests.average),
            result.non2xx,
            (cpu / 1000 / Math.max(result.requests.total, 1)).toFixed(2),
          ]),
        )
      }
    }
  } finally {
    await server.stop()
  }
}

const seededUrl = process.env.BENCH_SEEDED_URL
const keepUrl = process.env.BENCH_KEEP_URL
console.log(`load average ${os.loadavg().map((load) => load.toFixed(2)).join(' ')}`)
if (seededUrl) {
  await measure('PostgreSQL (seeded before)', { BENCH_DATABASE_URL: seededUrl, BENCH_SEEDED: '1' })
} else if (keepUrl) {
  await measure('PostgreSQL (kept)', { BENCH_DATABASE_URL: keepUrl })
} else if (only !== 'postgres') await measure('PGlite (embedded)', {})
if (!seededUrl && !keepUrl && only !== 'pglite') {
  await withScratchPostgres(adminUrl, 'bench_search', (url) =>
    measure('PostgreSQL', { BENCH_DATABASE_URL: url }),
  )
}
console.log(`load average ${os.loadavg().map((load) => load.toFixed(2)).join(' ')}`)
