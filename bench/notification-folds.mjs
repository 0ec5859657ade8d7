// `npm run bench:notification-folds` (issue 47, ADR 0039): what folding notifications when they
// are read costs on PostgreSQL. One member with BENCH_ROWS notifications (default 5,000: prayers,
// Amens and comments on 50 requests, one every 10 minutes, the older half read): the first page
// of the list and the unread count, median of 20 reads; and the unread counts of BENCH_MEMBERS
// members (default 10,000, 3 unread each) in one query, as a reminder minute reads them. Prints
// the load average beside the figures; never fails.
//   BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres; a scratch database
//   bench_folds_<pid> is created beside it and dropped afterwards).
import { runOnScratchPostgres } from './support/scratch-postgres.mjs'

await runOnScratchPostgres('bench_folds', 'bench/notification-folds.run.ts')
