import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client'
import type { DatabaseHandle } from '../db/client'
import { communityGauges } from './community-gauges'
import type { DashboardReader } from '../dashboard/dashboard.service'
import type { HubStats } from '../realtime/hub-api'

/**
 * What the rest of the server records (`app.metrics`). Capabilities call these methods and never
 * touch prom-client, so the event dispatcher and the batch-sync route (their own issues) only
 * call `eventDispatched`, `parkedEvents` and `batchSize` when they land.
 */
export interface MetricsRecorder {
  /** An event reached its subscribers this long after it was recorded. */
  eventDispatched(lagSeconds: number): void
  /** Events the dispatcher gave up on for now (dead-lettered), as last counted. */
  parkedEvents(count: number): void
  /** Entries in one replayed batch: `outbox` or `sync`. */
  batchSize(kind: 'outbox' | 'sync', entries: number): void
  /** Runs `run` as the job `name`, counting its runs and failures (rethrows). */
  trackJob<T>(name: string, run: () => Promise<T>): Promise<T>
  /** The database stopped answering, or its disk filled (plugins/database-outage.ts). */
  databaseOutage(kind: 'unavailable' | 'disk-full'): void
  /** A connect timed out with every pooled connection in use (db/busy-pool.ts): no outage. */
  databaseBusy(): void
}

export interface MetricsSources {
  hub: () => HubStats | null
  database: Pick<DatabaseHandle, 'poolStats'>
  /** Seconds since the oldest event still waiting for a subscriber was recorded (0: none). */
  dispatchBacklogSeconds?: () => Promise<number>
  /** The dashboard's figures (issue 38), once the app has them; read when scraped. */
  dashboard?: () => DashboardReader | null
  /** Log lines the logger dropped because its output would not take them (plugins/logger.ts). */
  logLinesDropped?: () => number
  /** Node's process metrics (memory, event-loop lag): only when scraped, as they run a sampler. */
  processMetrics: boolean
}

export interface Metrics extends MetricsRecorder {
  readonly registry: Registry
  observeRequest(labels: { method: string; route: string; status: number }, seconds: number): void
}

// Buckets in seconds: a feed page is tens of ms, a long poll holds up to 90 s.
const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 90]
const BATCH_BUCKETS = [1, 2, 5, 10, 20, 50, 100]

/** One registry per app, so tests that build several apps in one process never share counts. */
export function createMetrics(sources: MetricsSources): Metrics {
  const registry = new Registry()
  if (sources.processMetrics) collectDefaultMetrics({ register: registry })
  const registers = [registry]

  const http = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP requests by method, route pattern and status class',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: HTTP_BUCKETS,
    registers,
  })
  new Gauge({
    name: 'hub_connections',
    help: 'Hub connections on this process past the handshake, by transport',
    labelNames: ['transport'] as const,
    registers,
    collect() {
      this.reset()
      const stats = sources.hub()
      for (const [transport, count] of Object.entries(stats?.connections ?? {}))
        this.set({ transport }, count)
    },
  })
  let sentSoFar = 0
  new Counter({
    name: 'hub_messages_sent_total',
    help: 'Hub events delivered to connections on this process',
    registers,
    collect() {
      const sent = sources.hub()?.messagesSent ?? 0
      if (sent > sentSoFar) this.inc(sent - sentSoFar)
      sentSoFar = sent
    },
  })
  const dispatchLag = new Histogram({
    name: 'event_dispatch_lag_seconds',
    help: 'Time from a domain event being recorded to its dispatch',
    buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 30, 120],
    registers,
  })
  new Gauge({
    name: 'event_dispatch_backlog_seconds',
    help: 'Age of the oldest domain event still waiting for a subscriber (0: none waits)',
    registers,
    async collect() {
      // Unknown (NaN) when the database does not answer or the pool is busy: the scrape still
      // answers, with the outage and busy counters an operator needs just then.
      if (sources.dispatchBacklogSeconds)
        this.set(await sources.dispatchBacklogSeconds().catch(() => Number.NaN))
    },
  })
  const parked = new Gauge({
    name: 'events_parked',
    help: 'Domain events parked after repeated subscriber failures',
    registers,
  })
  const batches = new Histogram({
    name: 'sync_batch_entries',
    help: 'Entries per replayed client batch',
    labelNames: ['kind'] as const,
    buckets: BATCH_BUCKETS,
    registers,
  })
  const jobRuns = new Counter({
    name: 'job_runs_total',
    help: 'Background job runs by job and outcome',
    labelNames: ['job', 'outcome'] as const,
    registers,
  })
  new Gauge({
    name: 'db_pool_connections',
    help: 'PostgreSQL pool connections by state (total, idle, waiting clients, max)',
    labelNames: ['state'] as const,
    registers,
    collect() {
      const pool = sources.database.poolStats?.()
      if (!pool) return
      for (const [state, count] of Object.entries(pool)) this.set({ state }, count)
    },
  })

  const outages = new Counter({
    name: 'db_outages_total',
    help: 'Database outages seen (not answering, or a full disk), each counted once',
    labelNames: ['kind'] as const,
    registers,
  })
  const busy = new Counter({
    name: 'db_pool_busy_total',
    help: 'Connects that timed out with every pooled connection in use (answered 503, no outage)',
    registers,
  })
  let droppedSoFar = 0
  new Counter({
    name: 'log_lines_dropped_total',
    help: 'Log lines dropped because standard output would not take them (closed, full, stalled)',
    registers,
    collect() {
      const dropped = sources.logLinesDropped?.() ?? 0
      if (dropped > droppedSoFar) this.inc(dropped - droppedSoFar)
      droppedSoFar = dropped
    },
  })

  if (sources.dashboard) communityGauges(registry, sources.dashboard)

  return {
    registry,
    observeRequest: ({ method, route, status }, seconds) =>
      http.observe({ method, route, status: `${Math.floor(status / 100)}xx` }, seconds),
    eventDispatched: (lagSeconds) => dispatchLag.observe(lagSeconds),
    parkedEvents: (count) => parked.set(count),
    databaseOutage: (kind) => outages.inc({ kind }),
    databaseBusy: () => busy.inc(),
    batchSize: (kind, entries) => batches.observe({ kind }, entries),
    async trackJob(name, run) {
      try {
        const result = await run()
        jobRuns.inc({ job: name, outcome: 'success' })
        return result
      } catch (error) {
        jobRuns.inc({ job: name, outcome: 'failure' })
        throw error
      }
    },
  }
}
