// Shared date formatters, built on first use: a page's first Intl formatter is costly to make
// (~10 ms on a phone, more throttled), and a module that builds them at import pays it even when
// nothing on screen shows a date that way (issue 18).
let full: Intl.DateTimeFormat | undefined
let dateTime: Intl.DateTimeFormat | undefined
let day: Intl.DateTimeFormat | undefined

/** "27 November 2026 at 08:15" in the reader's locale: a date's full form (tooltips). */
export function formatFullDate(date: Date): string {
  full ??= new Intl.DateTimeFormat(undefined, { dateStyle: 'long', timeStyle: 'short' })
  return full.format(date)
}

/** "27 Nov 2026, 08:15" in the reader's locale. */
export function formatDateTime(date: Date): string {
  dateTime ??= new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' })
  return dateTime.format(date)
}

/** "27 Nov 2026" in the reader's locale. */
export function formatDay(date: Date): string {
  day ??= new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' })
  return day.format(date)
}
