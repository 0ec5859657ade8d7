import { randomUUID } from 'node:crypto'
import type { FastifyBaseLogger } from 'fastify'
import type { Database } from '../db/client'
import type { Dispatcher } from './dispatcher'
import { recordEvent } from './record-event'

/**
 * Work that runs once per period across every server process (docs/events.md): each process
 * asks `periodDue(now)` on a timer and records a JobDue event keyed by (job, period); the
 * unique key lets only the first one in, and the dispatcher hands it to `run` once, with the
 * retries and parking of any event. `run` must be safe to repeat for one period (at-least-once).
 */
export interface ScheduledJob {
  name: string
  /** How often each process asks whether a period is due. */
  everyMs: number
  /** The period due at `now` (e.g. '2026-11-16' for a week), or null when none is. */
  periodDue(now: Date): string | null
  run(period: string, occurredAt: Date): Promise<void>
  /**
   * Issue 46: the period a run asked for by hand stands for (POST /__dev/jobs/{name}/run,
   * outside production); default: the one due now. The digests answer one of their own that
   * reaches every member at once instead of those whose morning it is.
   */
  manualPeriod?(now: Date): string
}

// The jobs each dispatcher runs, by name, for the dev route that runs one by hand.
const registered = new WeakMap<Dispatcher, Map<string, ScheduledJob>>()

/** The scheduled jobs subscribed on `events`, by name. */
export function scheduledJobs(events: Dispatcher): ReadonlyMap<string, ScheduledJob> {
  return registered.get(events) ?? new Map()
}

/**
 * Records a run of `job` asked for by hand now, as the timer would record a due period: the
 * dispatcher runs it once, with retries. False: that period was already recorded.
 */
export async function recordManualRun(db: Database, job: ScheduledJob, now: Date) {
  const period = job.manualPeriod?.(now) ?? job.periodDue(now) ?? now.toISOString()
  const recorded = await recordDuePeriod(db, { name: job.name, periodDue: () => period }, now)
  return { period, recorded }
}

/** Records the period due now; true when this call was the first across processes. */
export async function recordDuePeriod(
  db: Database,
  job: Pick<ScheduledJob, 'name' | 'periodDue'>,
  now: Date,
): Promise<boolean> {
  const period = job.periodDue(now)
  if (period === null) return false
  return db.transaction((tx) =>
    recordEvent(
      tx,
      { type: 'JobDue', payload: { job: job.name, period } },
      { occurredAt: now, key: `job:${job.name}:${period}` },
    ),
  )
}

/** Counts a job's runs and failures (`app.metrics.trackJob`). */
export type TrackJob = <T>(name: string, run: () => Promise<T>) => Promise<T>

/**
 * Subscribes the job (`job:<name>`) and, when `tick` is set, asks on its timer. Returns the
 * function that stops the timer. Each run gets its own id in the log (`reqId`, like a request)
 * so its lines can be followed.
 */
export function scheduleJob(
  events: Dispatcher,
  deps: {
    db: Database
    now: () => Date
    log: FastifyBaseLogger
    tick: boolean
    track?: TrackJob
  },
  job: ScheduledJob,
) {
  const track: TrackJob = deps.track ?? ((_name, run) => run())
  const jobs = registered.get(events) ?? new Map<string, ScheduledJob>()
  registered.set(events, jobs.set(job.name, job))
  events.subscribe({
    name: `job:${job.name}`,
    on: {
      JobDue: async (event) => {
        if (event.payload.job !== job.name) return
        const log = deps.log.child({ reqId: `job-${randomUUID()}`, job: job.name })
        await track(job.name, () => job.run(event.payload.period, event.occurredAt))
        log.info({ period: event.payload.period }, 'job finished')
      },
    },
  })
  if (!deps.tick) return () => {}
  const ask = () => {
    recordDuePeriod(deps.db, job, deps.now()).catch((error: unknown) =>
      deps.log.error({ job: job.name, err: error }, 'scheduling a job failed'),
    )
  }
  const first = setTimeout(ask, 60_000)
  const timer = setInterval(ask, job.everyMs)
  first.unref()
  timer.unref()
  return () => {
    clearTimeout(first)
    clearInterval(timer)
  }
}
