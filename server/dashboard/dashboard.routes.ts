import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { DASHBOARD_CSV_PATH, DashboardSchema } from '@contract/dashboard'
import { dashboardCsv } from './dashboard-csv'
import { createDashboard, type DashboardOptions, type DashboardReader } from './dashboard.service'

declare module 'fastify' {
  interface FastifyInstance {
    /** The dashboard's figures, cached briefly: its route and the /metrics gauges read them. */
    dashboard: DashboardReader
  }
}

/** Decorates `app.dashboard` on every process role, as /metrics is served by each. */
export function installDashboard(app: FastifyInstance, options: DashboardOptions) {
  app.decorate('dashboard', createDashboard(options))
}

// Moderators and admins (issue 38): 401 signed out, 403 for members (requireRole).
const config = { requireRole: 'moderator' } as const

/** GET /api/v1/admin/dashboard and its CSV (docs/dashboard.md). */
export function dashboardRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>()
  const tags = ['admin']

  routes.get(
    '/api/v1/admin/dashboard',
    { config, schema: { tags, response: { 200: DashboardSchema } } },
    () => app.dashboard.read(),
  )

  routes.get(
    DASHBOARD_CSV_PATH,
    // Text, not JSON: the zod serializer would quote it. It holds only numbers and dates.
    { config, schema: { tags } },
    async (_request, reply) => {
      const dashboard = await app.dashboard.read()
      const day = dashboard.generated_at.slice(0, 10)
      reply
        .type('text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="dashboard-${day}.csv"`)
      return dashboardCsv(dashboard)
    },
  )
}
