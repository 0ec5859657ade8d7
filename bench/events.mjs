// `npm run bench:events`: domain events after commit (issue 16), on PostgreSQL. 50 concurrent
// writers post comments (each raises CommentPosted: a notification, a live counter, a crisis
// check); writes/s and the write's p50/p99 with the subscribers on beside the same writes with
// dispatch off (events still recorded, nobody delivers them), and p50/p99 from the write's
// acknowledgement to a probe subscriber receiving its event. Prints figures; never fails.
//   BENCH_WRITES (per mode, default 3000), BENCH_CONNECTIONS (default 50),
//   BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres; a scratch
//   database bench_events_<pid> is created beside it and dropped afterwards).
import { runOnScratchPostgres } from './support/scratch-postgres.mjs'

await runOnScratchPostgres('bench_events', 'bench/events.run.ts')
