import type { Dashboard } from '@contract/dashboard'

/**
 * The dashboard as a spreadsheet: one row per week, oldest first, one column per figure (its
 * key, which names its unit: a share from 0 to 1, a median in seconds). Only numbers and dates
 * appear, so nothing needs quoting and no cell can be read as a formula.
 */
export function dashboardCsv(dashboard: Dashboard): string {
  const header = ['week_start', ...dashboard.figures.map((figure) => figure.key)]
  const rows = dashboard.weeks.map((week, index) => [
    week,
    ...dashboard.figures.map((figure) => cell(figure.series[index] ?? null)),
  ])
  return [header, ...rows].map((row) => row.join(',')).join('\r\n') + '\r\n'
}

function cell(value: number | null): string {
  if (value === null) return ''
  return Number.isInteger(value) ? String(value) : value.toFixed(4)
}
