import * as z from 'zod/mini'
import { TimestampSchema } from './pagination'

// Issue 38: the dashboard at /admin (GET /api/v1/admin/dashboard, its CSV and the /metrics
// gauges). Aggregates only: every figure is a count, a share or a duration; nothing names a
// member. What each one counts, and why, is docs/dashboard.md.

export const DASHBOARD_WEEKS = 12

export const DASHBOARD_FIGURE_KEYS = [
  'members_total',
  'members_joined',
  'members_active_7d',
  'members_active_30d',
  'requests_posted',
  'prayers_said',
  'requests_answered',
  'testimonies_posted',
  'rooms_held',
  'first_prayer_within_24h',
  'reports_opened',
  'report_handling_median_seconds',
] as const
export const DashboardFigureKeySchema = z.enum(DASHBOARD_FIGURE_KEYS)
export type DashboardFigureKey = z.infer<typeof DashboardFigureKeySchema>

/**
 * `level`: the figure stands at an instant (the headline is now, each week's point its end);
 * `flow`: it counts what happened in a week (the headline is this week so far).
 */
export type DashboardFigureKind = 'level' | 'flow'
export type DashboardUnit = 'count' | 'share' | 'seconds'

export const DASHBOARD_FIGURES: Record<
  DashboardFigureKey,
  { label: string; headline: string; kind: DashboardFigureKind; unit: DashboardUnit }
> = {
  members_total: { label: 'Members', headline: 'now', kind: 'level', unit: 'count' },
  members_joined: { label: 'New members', headline: 'this week', kind: 'flow', unit: 'count' },
  members_active_7d: {
    label: 'Active members, 7 days',
    headline: 'in the last 7 days',
    kind: 'level',
    unit: 'count',
  },
  members_active_30d: {
    label: 'Active members, 30 days',
    headline: 'in the last 30 days',
    kind: 'level',
    unit: 'count',
  },
  requests_posted: { label: 'Requests posted', headline: 'this week', kind: 'flow', unit: 'count' },
  prayers_said: { label: 'Prayers said', headline: 'this week', kind: 'flow', unit: 'count' },
  requests_answered: {
    label: 'Requests answered',
    headline: 'this week',
    kind: 'flow',
    unit: 'count',
  },
  testimonies_posted: { label: 'Testimonies', headline: 'this week', kind: 'flow', unit: 'count' },
  rooms_held: { label: 'Prayer room sessions', headline: 'this week', kind: 'flow', unit: 'count' },
  first_prayer_within_24h: {
    label: 'Requests prayed for within 24 hours',
    headline: 'of this week’s requests',
    kind: 'flow',
    unit: 'share',
  },
  reports_opened: { label: 'Reports opened', headline: 'this week', kind: 'flow', unit: 'count' },
  report_handling_median_seconds: {
    label: 'Median time to handle a report',
    headline: 'this week',
    kind: 'flow',
    unit: 'seconds',
  },
}

/** null: nothing to measure (no request old enough to judge, no report handled that week). */
const FigureValueSchema = z.nullable(z.number())

export const DashboardFigureSchema = z.object({
  key: DashboardFigureKeySchema,
  value: FigureValueSchema,
  /** One point per week, oldest first, the last being this week so far. */
  series: z.array(FigureValueSchema),
})
export type DashboardFigure = z.infer<typeof DashboardFigureSchema>

export const DashboardSchema = z.object({
  /** The zone whose Mondays start the weeks (the community's, or UTC). */
  time_zone: z.string(),
  generated_at: TimestampSchema,
  /** Each week's first day (YYYY-MM-DD, a Monday in `time_zone`), oldest first. */
  weeks: z.array(z.string()),
  figures: z.array(DashboardFigureSchema),
})
export type Dashboard = z.infer<typeof DashboardSchema>

export const DASHBOARD_CSV_PATH = '/api/v1/admin/dashboard.csv'
