import type { Room } from '@contract/rooms'

// The words a room's screens say about its time and its company.

export const WEEKDAY_LABELS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const

const when = (iso: string) =>
  new Intl.DateTimeFormat(undefined, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
  }).format(new Date(iso))

const clock = (iso: string) =>
  new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit' }).format(new Date(iso))

/** "Live now, until 19:30", "Starts Wed 25 Nov, 19:00", … in the viewer's own zone. */
export function roomTimeText(room: Room): string {
  if (room.state === 'live' && room.ends_at) return `Live now, until ${clock(room.ends_at)}`
  if (room.state === 'closed') return 'Closed for this session'
  if (room.state === 'ended' || !room.next_starts_at) return 'Ended'
  return `Starts ${when(room.next_starts_at)}`
}

/** "Every Mon and Thu, 30 minutes", "Once, 45 minutes". */
export function roomRepeatText(room: Room): string {
  const length = `${room.duration_minutes} minutes`
  if (!room.repeat) return `Once, ${length}`
  const days = room.repeat.days.map((day) => WEEKDAY_LABELS[day - 1])
  const list = days.length > 1 ? `${days.slice(0, -1).join(', ')} and ${days.at(-1)}` : days[0]
  return `Every ${days.length === 7 ? 'day' : list}, ${length}`
}

/** Who is here: the names of those who chose to be seen, then "and 12 others". */
export function presenceText(count: number, names: string[]): string {
  if (count === 0) return 'No one is here yet'
  const shown = names.slice(0, count)
  const others = count - shown.length
  if (shown.length === 0) return count === 1 ? '1 person is here' : `${count} people are here`
  const tail = others > 0 ? [others === 1 ? '1 other' : `${others} others`] : []
  const all = [...shown, ...tail]
  const list = all.length > 1 ? `${all.slice(0, -1).join(', ')} and ${all.at(-1)}` : all[0]
  return `${list} ${count === 1 ? 'is' : 'are'} here`
}

/** What a screen reader hears when the company changes (names only when they are shown). */
export function arrivalsText(
  before: { count: number; names: string[] },
  after: { count: number; names: string[] },
): string | null {
  const came = after.names.filter((name) => !before.names.includes(name))
  const went = before.names.filter((name) => !after.names.includes(name))
  const parts = [...came.map((name) => `${name} joined`), ...went.map((name) => `${name} left`)]
  const unnamed = after.count - before.count - (came.length - went.length)
  if (unnamed > 0) parts.push(unnamed === 1 ? 'Someone joined' : `${unnamed} people joined`)
  if (unnamed < 0) parts.push(unnamed === -1 ? 'Someone left' : `${-unnamed} people left`)
  return parts.length > 0 ? `${parts.join('. ')}.` : null
}
