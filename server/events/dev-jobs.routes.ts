import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { ErrorCode } from '@contract/errors'
import { httpError } from '../errors/problem-error'
import { recordManualRun, scheduledJobs } from './scheduled-jobs'

const RunParamsSchema = z.object({ name: z.string().max(64) })
const RunSchema = z.object({
  job: z.string(),
  period: z.string(),
  /** False: that period had run already (a repeat runs nothing twice). */
  recorded: z.boolean(),
})

/**
 * Issue 46, outside production only: POST /__dev/jobs/{name}/run records the job's run now
 * (`daily-digest`, `weekly-digest`, `weekly-summary`, `prayer-list-reminders`, …), so a person
 * or a test sees its result without waiting for its hour. It runs as a timer's would: once,
 * through the dispatcher, a moment after the answer (202).
 */
export function devJobsRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/__dev/jobs/:name/run',
    {
      config: { public: true },
      schema: { hide: true, params: RunParamsSchema, response: { 202: RunSchema } },
    },
    async (request, reply) => {
      const job = scheduledJobs(app.events).get(request.params.name)
      if (!job) throw httpError(404, ErrorCode.notFound, 'There is no scheduled job of that name.')
      const { period, recorded } = await recordManualRun(app.deps.db, job, app.deps.now())
      return reply.code(202).send({ job: job.name, period, recorded })
    },
  )
}
