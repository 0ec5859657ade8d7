import { Gauge, type Registry } from 'prom-client'
import { DASHBOARD_FIGURE_KEYS, DASHBOARD_FIGURES } from '@contract/dashboard'
import type { DashboardReader } from '../dashboard/dashboard.service'

/**
 * The dashboard's headline figures as gauges (issue 38): `community_<figure key>`, the value an
 * admin reads on /admin (a level now, a flow this week so far). They come from the dashboard's
 * brief cache, so a scrape every few seconds costs its statements once a minute. A figure with
 * nothing to measure, or a read that failed, is NaN: never a zero that looks like a fact.
 */
export function communityGauges(registry: Registry, dashboard: () => DashboardReader | null) {
  for (const key of DASHBOARD_FIGURE_KEYS) {
    const { label, headline } = DASHBOARD_FIGURES[key]
    new Gauge({
      name: `community_${key}`,
      help: `${label}, ${headline} (the /admin dashboard)`,
      registers: [registry],
      async collect() {
        const reader = dashboard()
        if (!reader) return
        const figures = await reader.read().then(
          (answer) => answer.figures,
          () => [],
        )
        this.set(figures.find((figure) => figure.key === key)?.value ?? Number.NaN)
      },
    })
  }
}
