// Spec 001 §9: relative times read s, m, h, d, w (under 5 weeks), mo, y: the wall's cards and
// the comments under them say it alike.
const SECOND = 1000
const MINUTE = 60 * SECOND
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

export function formatRelativeTime(at: Date, now: Date): string {
  // A clock a little behind the server's must not show "-3s".
  const elapsed = Math.max(0, now.getTime() - at.getTime())
  if (elapsed < MINUTE) return `${Math.floor(elapsed / SECOND)}s`
  if (elapsed < HOUR) return `${Math.floor(elapsed / MINUTE)}m`
  if (elapsed < DAY) return `${Math.floor(elapsed / HOUR)}h`
  const days = Math.floor(elapsed / DAY)
  if (days < 7) return `${days}d`
  if (days < 35) return `${Math.floor(days / 7)}w`
  if (days < 365) return `${Math.max(1, Math.floor(days / 30))}mo`
  return `${Math.floor(days / 365)}y`
}
