import type { Language } from '@contract/languages'
import type { Room } from '@contract/rooms'
import type { MessageId, MessageValues } from '@/i18n/i18n'

// The words a room's screens say about its time and its company, in the member's language:
// `t` is the caller's (useT in a component), dates and lists are Intl's in `language`.

type Translate = (id: MessageId, values?: MessageValues) => string

// The app's English writes lists without a serial comma ("Mon, Wed and Fri"), as en-GB does.
const listLocale = (language: Language) => (language === 'en' ? 'en-GB' : language)

/** "Anna, Ben and Carl" in the language's own way of joining a list. */
export function listText(items: string[], language: Language): string {
  return new Intl.ListFormat(listLocale(language), { type: 'conjunction' }).format(items)
}

/** Monday to Sunday (the contract's days 1 to 7), short: 1 January 2024 was a Monday. */
export function weekdayLabels(language: Language): string[] {
  const format = new Intl.DateTimeFormat(language, { weekday: 'short', timeZone: 'UTC' })
  return [1, 2, 3, 4, 5, 6, 7].map((day) => format.format(new Date(Date.UTC(2024, 0, day))))
}

const when = (iso: string, language: Language) =>
  new Intl.DateTimeFormat(language, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
  }).format(new Date(iso))

const clock = (iso: string, language: Language) =>
  new Intl.DateTimeFormat(language, { hour: '2-digit', minute: '2-digit' }).format(new Date(iso))

/** "Live now, until 19:30", "Starts Wed 25 Nov, 19:00", … in the viewer's own zone. */
export function roomTimeText(room: Room, t: Translate, language: Language): string {
  if (room.state === 'live' && room.ends_at)
    return t('Live now, until a time', { time: clock(room.ends_at, language) })
  if (room.state === 'closed') return t('Closed for this session')
  if (room.state === 'ended' || !room.next_starts_at) return t('Ended')
  return t('Starts at a date and time', { when: when(room.next_starts_at, language) })
}

/** "Every Mon and Thu, 30 minutes", "Once, 45 minutes". */
export function roomRepeatText(room: Room, t: Translate, language: Language): string {
  const length = t('A room’s length in minutes', { minutes: room.duration_minutes })
  if (!room.repeat) return t('Once, for a length', { length })
  if (room.repeat.days.length === 7) return t('Every day, for a length', { length })
  const labels = weekdayLabels(language)
  const days = room.repeat.days.map((day) => labels[day - 1] ?? '')
  return t('Every some days, for a length', { days: listText(days, language), length })
}

/** Who is here: the names of those who chose to be seen, then "and 12 others". */
export function presenceText(
  count: number,
  names: string[],
  t: Translate,
  language: Language,
): string {
  if (count === 0) return t('No one is here yet')
  const shown = names.slice(0, count)
  const others = count - shown.length
  if (shown.length === 0) return t('People here (a count)', { count })
  const tail = others > 0 ? [t('Others here (a count)', { count: others })] : []
  return t('People here (names)', { count, list: listText([...shown, ...tail], language) })
}

/** What a screen reader hears when the company changes (names only when they are shown). */
export function arrivalsText(
  before: { count: number; names: string[] },
  after: { count: number; names: string[] },
  t: Translate,
): string | null {
  const came = after.names.filter((name) => !before.names.includes(name))
  const went = before.names.filter((name) => !after.names.includes(name))
  const parts = [
    ...came.map((name) => t('A member joined the room.', { name })),
    ...went.map((name) => t('A member left the room.', { name })),
  ]
  const unnamed = after.count - before.count - (came.length - went.length)
  if (unnamed > 0) parts.push(t('People joined the room (a count)', { count: unnamed }))
  if (unnamed < 0) parts.push(t('People left the room (a count)', { count: -unnamed }))
  return parts.length > 0 ? parts.join(' ') : null
}
