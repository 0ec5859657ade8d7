// bench:chaos's settings and its report: what each fault prints, and (CHAOS_CHECK=1, the CI
// stage) the promises that are not timings, which must hold or the run fails.
import { join } from 'node:path'
import type { Load, Member, Phase } from './chaos-load'

export const MEMBERS = Number(process.env.CHAOS_MEMBERS ?? 24)
export const FAULT_MS = Number(process.env.CHAOS_FAULT_SECONDS ?? 10) * 1000
export const SETTLE_MS = Number(process.env.CHAOS_SETTLE_SECONDS ?? 10) * 1000
export const METRICS_TOKEN = 'chaos-metrics-token'
export const mainJs = join(new URL('../..', import.meta.url).pathname, 'dist/server/main.js')

export const violations: string[] = []
export const expectZero = (what: string, count: number) => {
  if (count !== 0) violations.push(`${what}: ${count}`)
}
export const fiveHundreds = (load: Load, phase: Phase) =>
  load.outcomes.filter((outcome) => outcome.phase === phase && outcome.status === 500).length

export const say = (line: string) => console.log(line)

/** A simulated member signed in with `cookie`, not yet connected to the hub. */
export function memberWith(
  cookie: string,
  options: Pick<Member, 'transport' | 'sync'> = { transport: 'WebSockets', sync: false },
): Member {
  return { cookie, hub: null, reconnects: [], counters: new Map(), ...options }
}
