// `npm run bench:digest` (issue 46): 10,000 members' daily digests built and handed to the mail
// transport, on PostgreSQL. Prints the seconds from the job's hour being recorded to the last
// mail handed over, the statements per member, and the process's peak memory. Never fails:
// timings on a shared machine are noisy (print the load average beside them).
//   BENCH_MEMBERS (default 10000), BENCH_DATABASE_URL (default
//   postgres://postgres@127.0.0.1:5432/postgres; a scratch database bench_digest_<pid> is made
//   beside it and dropped afterwards).
import { runOnScratchPostgres } from './support/scratch-postgres.mjs'

await runOnScratchPostgres('bench_digest', 'bench/digest.run.ts')
