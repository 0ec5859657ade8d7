import type { DashboardUnit } from '@contract/dashboard'
import type { Language } from '@contract/languages'

// Issue 42: figures and weeks in the reader's language; English keeps the British forms the
// dashboard was written with ("1,234", "7 September").
const locale = (language: Language) => (language === 'en' ? 'en-GB' : language)

/** A figure as the dashboard writes it; null is a week with nothing to measure. */
export function formatFigure(
  value: number | null,
  unit: DashboardUnit,
  language: Language,
): string {
  if (value === null) return '—'
  if (unit === 'share')
    return new Intl.NumberFormat(locale(language), {
      style: 'percent',
      maximumFractionDigits: 0,
    }).format(value)
  if (unit === 'seconds') return formatDuration(value, language)
  return new Intl.NumberFormat(locale(language)).format(value)
}

/** A median handling time, rounded to what a reader needs: minutes, hours, then days. */
function formatDuration(seconds: number, language: Language): string {
  const minutes = Math.round(seconds / 60)
  const hours = Math.round(seconds / 3600)
  const [amount, unit] =
    minutes < 60
      ? [minutes, 'minute']
      : hours < 48
        ? [hours, 'hour']
        : [Math.round(seconds / 86_400), 'day']
  if (language === 'en')
    return unit === 'minute' ? `${amount} min` : unit === 'hour' ? `${amount} h` : `${amount} days`
  return new Intl.NumberFormat(language, { style: 'unit', unit, unitDisplay: 'short' }).format(
    amount,
  )
}

/** "7 September" for the week starting on 2026-09-07 (a date, so read in UTC). */
export function formatWeek(week: string, language: Language): string {
  return new Intl.DateTimeFormat(locale(language), {
    day: 'numeric',
    month: 'long',
    timeZone: 'UTC',
  }).format(new Date(`${week}T00:00:00Z`))
}
