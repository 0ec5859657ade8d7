import type { FastifyInstance } from 'fastify'
import { scheduleJob, type ScheduledJob } from '../events/scheduled-jobs'
import { accountDeletionRoutes } from './account-deletion.routes'
import { accountPurgeJob } from './account-purge.job'
import { dataExportRoutes } from './data-export.routes'
import { pruneExports } from './data-export.service'
import { dataExportSubscriber } from './data-export.subscriber'

const HOUR_MS = 60 * 60 * 1000

/** Archives past their 7 days leave the database once an hour, on one process. */
function pruneExportsJob(app: FastifyInstance): ScheduledJob {
  return {
    name: 'data-export-prune',
    everyMs: HOUR_MS / 4,
    periodDue: (now) => now.toISOString().slice(0, 13),
    run: async (_period, occurredAt) => {
      await pruneExports(app.deps.db, occurredAt)
    },
  }
}

/**
 * Issue 40, a member's own data: the export's calls and account deletion's (where the API is
 * served), the archive's builder (on every process: any may deliver the event), the hourly
 * pruning of expired archives and the daily purge of what deleted accounts left (ADR 0035).
 */
export function installMemberData(app: FastifyInstance, { servesApi }: { servesApi: boolean }) {
  const { db, now, config } = app.deps
  if (servesApi) {
    dataExportRoutes(app)
    accountDeletionRoutes(app)
  }
  app.events.subscribe(dataExportSubscriber(app))
  const jobDeps = {
    db,
    now,
    log: app.log,
    tick: config.appEnv !== 'test',
    track: app.metrics.trackJob,
  }
  const stops = [
    scheduleJob(app.events, jobDeps, pruneExportsJob(app)),
    scheduleJob(app.events, jobDeps, accountPurgeJob(db)),
  ]
  app.addHook('onClose', async () => stops.forEach((stop) => stop()))
}
