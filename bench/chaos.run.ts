// bench:chaos, the measuring side (a child of bench/chaos.mjs): simulated members through nginx
// while one fault at a time is injected; see bench/chaos.mjs for what it prints.
import { readFileSync } from 'node:fs'
import { diskFault } from './support/chaos-disk'
import { FAULT_MS, say, SETTLE_MS, violations } from './support/chaos-report'
import { stackFaults } from './support/chaos-stack'

const FAULTS = (process.env.CHAOS_FAULTS ?? 'kill,redis,postgres,disk').split(',')
const loadAverage = () => readFileSync('/proc/loadavg', 'utf8').trim()

say(
  `bench:chaos — load average at start: ${loadAverage()}; fault ${FAULT_MS / 1000} s, settle ${SETTLE_MS / 1000} s`,
)
if (FAULTS.some((fault) => fault !== 'disk')) await stackFaults(FAULTS)
if (FAULTS.includes('disk')) await diskFault()
say(`load average at end: ${loadAverage()}`)
if (process.env.CHAOS_CHECK === '1' && violations.length > 0) {
  console.error(
    `bench:chaos: ${violations.length} promise(s) broken:\n  ${violations.join('\n  ')}`,
  )
  process.exit(1)
}
process.exit(0)
