// Spec 001 §9: s, m, h, d, w (under 5 weeks), mo, y.
const MINUTE = 60
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR
const WEEK = 7 * DAY

export function formatRelativeTime(date: Date, now: Date): string {
  const seconds = Math.max(0, Math.floor((now.getTime() - date.getTime()) / 1000))
  if (seconds < MINUTE) return `${seconds}s`
  if (seconds < HOUR) return `${Math.floor(seconds / MINUTE)}m`
  if (seconds < DAY) return `${Math.floor(seconds / HOUR)}h`
  if (seconds < WEEK) return `${Math.floor(seconds / DAY)}d`
  if (seconds < 5 * WEEK) return `${Math.floor(seconds / WEEK)}w`
  const days = Math.floor(seconds / DAY)
  if (days < 365) return `${Math.max(1, Math.floor(days / 30))}mo`
  return `${Math.floor(days / 365)}y`
}
