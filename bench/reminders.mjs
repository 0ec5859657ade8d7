// `npm run bench:reminders` (issue 20): 100,000 members with reminders, 10,000 of them due in one
// minute, on PostgreSQL. Prints the time to compute the minute's reminders and hand their pushes
// to the Web Push sender (the push service is a local HTTPS endpoint), the time until that
// endpoint has them all, and the query time per minute when none is due. Never fails; the target
// (under 10 s for the due minute) is printed beside the figure.
//   BENCH_MEMBERS (default 100000), BENCH_DUE (default 10000),
//   BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres; a scratch
//   database bench_reminders_<pid> is created beside it and dropped afterwards).
import { runOnScratchPostgres } from './support/scratch-postgres.mjs'

await runOnScratchPostgres('bench_reminders', 'bench/reminders.run.ts')
