import { SOURCE_LANGUAGE, type Language } from '@contract/languages'

// Spec 001 §9: relative times read s, m, h, d, w (under 5 weeks), mo, y: the wall's cards and
// the comments under them say it alike.
const SECOND = 1000
const MINUTE = 60 * SECOND
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

type Unit = 'second' | 'minute' | 'hour' | 'day' | 'week' | 'month' | 'year'
const ENGLISH_SUFFIX: Record<Unit, string> = {
  second: 's',
  minute: 'm',
  hour: 'h',
  day: 'd',
  week: 'w',
  month: 'mo',
  year: 'y',
}

function elapsedIn(at: Date, now: Date): [count: number, unit: Unit] {
  // A clock a little behind the server's must not show "-3s".
  const elapsed = Math.max(0, now.getTime() - at.getTime())
  if (elapsed < MINUTE) return [Math.floor(elapsed / SECOND), 'second']
  if (elapsed < HOUR) return [Math.floor(elapsed / MINUTE), 'minute']
  if (elapsed < DAY) return [Math.floor(elapsed / HOUR), 'hour']
  const days = Math.floor(elapsed / DAY)
  if (days < 7) return [days, 'day']
  if (days < 35) return [Math.floor(days / 7), 'week']
  if (days < 365) return [Math.max(1, Math.floor(days / 30)), 'month']
  return [Math.floor(days / 365), 'year']
}

// Made when first asked for: a formatter costs a throttled phone's first render (issue 18).
const formatters = new Map<string, Intl.NumberFormat>()
function narrowUnit(language: Language, unit: Unit): Intl.NumberFormat {
  const key = `${language} ${unit}`
  let formatter = formatters.get(key)
  if (!formatter) {
    formatter = new Intl.NumberFormat(language, { style: 'unit', unit, unitDisplay: 'narrow' })
    formatters.set(key, formatter)
  }
  return formatter
}

/**
 * How long ago, in the fewest characters. English is the spec's exactly ("3h", "1mo"); every
 * other language (issue 42) is Intl's narrow unit in that language ("3 h", "3 sem.", "3 س").
 */
export function formatRelativeTime(at: Date, now: Date, language: Language = SOURCE_LANGUAGE) {
  const [count, unit] = elapsedIn(at, now)
  if (language === SOURCE_LANGUAGE) return `${count}${ENGLISH_SUFFIX[unit]}`
  return narrowUnit(language, unit).format(count)
}
