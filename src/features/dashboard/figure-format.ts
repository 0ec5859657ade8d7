import type { DashboardUnit } from '@contract/dashboard'

const count = new Intl.NumberFormat('en-GB')
const percent = new Intl.NumberFormat('en-GB', { style: 'percent', maximumFractionDigits: 0 })
const weekDay = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', timeZone: 'UTC' })

/** A figure as the dashboard writes it; null is a week with nothing to measure. */
export function formatFigure(value: number | null, unit: DashboardUnit): string {
  if (value === null) return '—'
  if (unit === 'share') return percent.format(value)
  if (unit === 'seconds') return formatDuration(value)
  return count.format(value)
}

/** A median handling time, rounded to what a reader needs: minutes, hours, then days. */
function formatDuration(seconds: number): string {
  const minutes = Math.round(seconds / 60)
  if (minutes < 60) return `${minutes} min`
  const hours = Math.round(seconds / 3600)
  if (hours < 48) return `${hours} h`
  return `${Math.round(seconds / 86_400)} days`
}

/** "7 September" for the week starting on 2026-09-07 (a date, so read in UTC). */
export function formatWeek(week: string): string {
  return weekDay.format(new Date(`${week}T00:00:00Z`))
}
