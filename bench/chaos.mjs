// `npm run chaos` (issue 44): what members notice when the multi-process stack meets the faults
// a real host sees. Two app processes (the built server) behind nginx on this run's own
// PostgreSQL cluster and Redis (free loopback ports, scratch directories: the machine's shared
// services are never touched), with simulated members reading the wall, praying, saying Amen
// and commenting (each with a hub connection, a third of them long polling; one in six sends
// its writes through /api/v1/sync), and writes retried with their Idempotency-Key as the
// app's outbox does. One fault at a time, bounded:
//   1. kill -9 of process a, restarted after CHAOS_FAULT_SECONDS;
//   2. Redis stopped for CHAOS_FAULT_SECONDS, then started;
//   3. PostgreSQL stopped (fast) for CHAOS_FAULT_SECONDS, then started;
//   4. the embedded database (one process, PGlite) on a small tmpfs the run mounts (root
//      only), filled up for CHAOS_FAULT_SECONDS, then freed.
// Per fault it prints requests by status during and after, hub reconnects (p50/p99), live
// events missed across processes after recovery, time until /readyz is ready, whether the
// process that stayed up served throughout, and how many log lines the fault caused; at the
// end, acknowledged writes lost and writes applied twice (both must be 0). Prints figures and
// the load average; never fails on timings (docs/operations.md, "What survives what").
//   CHAOS_MEMBERS (default 24), CHAOS_FAULT_SECONDS (10), CHAOS_SETTLE_SECONDS (10),
//   CHAOS_FAULTS (default kill,redis,postgres,disk).
import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { buildIfNeeded } from '../scripts/build-if-needed.mjs'

const root = fileURLToPath(new URL('..', import.meta.url))
if (!buildIfNeeded(root)) process.exit(1)
const child = spawn(process.execPath, ['--import', 'tsx', 'bench/chaos.run.ts'], {
  cwd: root,
  env: { ...process.env, TSX_TSCONFIG_PATH: 'tsconfig.node.json' },
  stdio: 'inherit',
})
child.once('exit', (code) => process.exit(code ?? 1))
