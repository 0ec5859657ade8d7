// `npm run bench:sync` (issue 19): the server side of bench:offline's drain, without the
// browser: 500 writes over 100 prayers sent as five POST /api/v1/sync batches of 100, on
// PGlite and on PostgreSQL. Wall and CPU seconds, SQL statements per batch, duplicates and
// missing end states; prints figures against issue 45's targets (2 s on PGlite, 1 s on
// PostgreSQL), never fails on them.
//   BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres; a scratch
//   database bench_sync_<pid> is created beside it and dropped afterwards),
//   BENCH_ONLY (pglite or postgres), and bench/sync.run.ts's EVENT_DISPATCH, BENCH_TRACE,
//   BENCH_PROFILE.
import { spawn } from 'node:child_process'
import { availableParallelism, loadavg } from 'node:os'
import { fileURLToPath } from 'node:url'
import { withScratchPostgres } from './support/scratch-postgres.mjs'

const root = fileURLToPath(new URL('..', import.meta.url))
const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'
const only = process.env.BENCH_ONLY

function run(env) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/sync.run.ts'], {
    cwd: root,
    env: { ...process.env, TSX_TSCONFIG_PATH: 'tsconfig.node.json', ...env },
    stdio: 'inherit',
  })
  return new Promise((resolve, reject) =>
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`exited with ${code}`)),
    ),
  )
}

const load = () =>
  `machine load (1 min): ${loadavg()[0].toFixed(2)} on ${availableParallelism()} cores`
console.log(load())
if (only !== 'postgres') await run({ BENCH_DATABASE_URL: '' })
if (only !== 'pglite')
  await withScratchPostgres(adminUrl, 'bench_sync', (url) => run({ BENCH_DATABASE_URL: url }))
console.log(`\n${load()}`)
