import { SOURCE_LANGUAGE, type Language } from '@contract/languages'
import { translate } from '@/i18n/i18n'

// Spec 000 §9: the panel's relative times read '5 minutes ago' (units s, m, h, d, w under five
// weeks, mo, y); a date that cannot be read is 'Recently' (§8). In the reader's language through
// Intl (issue 42).
const MINUTE = 60
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR
const WEEK = 7 * DAY

const formats = new Map<Language, Intl.RelativeTimeFormat>()
function formatIn(language: Language): Intl.RelativeTimeFormat {
  let format = formats.get(language)
  if (!format) {
    format = new Intl.RelativeTimeFormat(language, { numeric: 'always' })
    formats.set(language, format)
  }
  return format
}

export function formatNotificationTime(
  createdAt: string,
  now: Date,
  language: Language = SOURCE_LANGUAGE,
): string {
  const time = new Date(createdAt).getTime()
  if (!createdAt || Number.isNaN(time)) return translate(language, 'Recently')
  // A clock a little ahead of ours still reads as now rather than 'in 3 seconds'.
  const seconds = Math.max(0, Math.floor((now.getTime() - time) / 1000))
  if (seconds < MINUTE) return translate(language, 'just now')
  const format = formatIn(language)
  if (seconds < HOUR) return format.format(-Math.floor(seconds / MINUTE), 'minute')
  if (seconds < DAY) return format.format(-Math.floor(seconds / HOUR), 'hour')
  if (seconds < WEEK) return format.format(-Math.floor(seconds / DAY), 'day')
  if (seconds < 5 * WEEK) return format.format(-Math.floor(seconds / WEEK), 'week')
  const days = Math.floor(seconds / DAY)
  if (days < 365) return format.format(-Math.max(1, Math.floor(days / 30)), 'month')
  return format.format(-Math.floor(days / 365), 'year')
}
