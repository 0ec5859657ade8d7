// `npm run bench:reminders` (issue 20): 100,000 members with reminders, 10,000 of them due in one
// minute, on PostgreSQL. Prints the time to compute the minute's reminders and hand their pushes
// to the Web Push sender (the push service is a local HTTPS endpoint), the time until that
// endpoint has them all, and the query time per minute when none is due. Never fails; the target
// (under 10 s for the due minute) is printed beside the figure.
//   BENCH_MEMBERS (default 100000), BENCH_DUE (default 10000),
//   BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres; a scratch
//   database bench_reminders_<pid> is created beside it and dropped afterwards).
import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { withScratchPostgres } from './support/scratch-postgres.mjs'

const root = fileURLToPath(new URL('..', import.meta.url))
const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'

await withScratchPostgres(adminUrl, 'bench_reminders', (url) => {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/reminders.run.ts'], {
    cwd: root,
    env: { ...process.env, TSX_TSCONFIG_PATH: 'tsconfig.node.json', BENCH_DATABASE_URL: url },
    stdio: 'inherit',
  })
  return new Promise((resolve, reject) =>
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`exited with ${code}`)),
    ),
  )
})
