import { SOURCE_LANGUAGE, type Language } from '@contract/languages'
import { foldLine } from '@contract/notification-folding'
import { wordlessLine } from '@contract/notification-privacy'
import { actorName, firstLine, secondLine } from '@contract/notification-wording'
import type { PushPayload, PushWording } from '@contract/push'
import { REMINDER_ACTIONS } from '@contract/reminders'
import { ROOM_REMINDER_LEAD_MINUTES, ROOM_REMINDER_NOTIFICATION_TYPE } from '@contract/rooms'
import { translate, translateText, type ServerMessageId } from '../../i18n/translate'
import { roomOfReminderTitle } from '../room-reminder-title'

type Shown = PushPayload['notification']

// Issue 42: a push is worded by the server in the member's language, since the service worker
// has no catalogue (sw/notifications.ts shows these words, else words it in English as before).
// English is what contract/system-notification.ts words, unchanged.

// firstLine with this for the actor's name gives the message's English with its placeholder:
// `{name} prayed for you` is both the catalogue's id and, with the name in, the English line.
const NAME = '{name}'

// Contract words the push area words itself under ids of its own, so a push does not wait for
// the app's catalogue of them.
const OWN: Record<string, ServerMessageId> = {
  Someone: 'Someone (an unnamed member)',
  'on your intention.': 'On your intention (second line)',
  'I prayed': 'I prayed (reminder action)',
  'Snooze 1 hour': 'Snooze 1 hour (reminder action)',
  'Not today': 'Not today (reminder action)',
}
const words = (language: Language, english: string) =>
  english in OWN ? translate(language, OWN[english]!) : translateText(language, english)

/**
 * Titles the server stored in English from a count or a name, worded again from what the row
 * keeps: the count in its data, the actor's name. English keeps the title as stored.
 */
const STORED: Record<string, { id: ServerMessageId; count?: string }> = {
  PrayerReminder: { id: 'Prayer reminder (title)', count: 'waiting' },
  PrayerBundle: { id: 'Prayer bundle (title)', count: 'people' },
  PrayerUpdate: { id: 'Prayer update (title)', count: 'updates' },
  IntentionAutoClosed: {
    id: 'Your request was closed after {days} days. You can reopen it.',
    count: 'days',
  },
  TestimonyAmenReaction: { id: '{name} said Amen to your testimony' },
}

/** The actor as the row names them; 'Someone' (an anonymous author, or no name) translated. */
function nameOf(language: Language, notification: Shown): string {
  const name = actorName(notification)
  return name === actorName({ sourceUserDisplayName: null }) ? words(language, name) : name
}

function titleOf(language: Language, notification: Shown): string {
  const stored = STORED[notification.type]
  const count = stored?.count === undefined ? 0 : notification.data?.[stored.count]
  if (stored && typeof count === 'number' && language !== SOURCE_LANGUAGE)
    return translate(language, stored.id, {
      name: nameOf(language, notification),
      ...(stored.count ? { [stored.count]: count } : {}),
    })
  const room = roomOfReminderTitle(notification.title)
  if (notification.type === ROOM_REMINDER_NOTIFICATION_TYPE && room && language !== SOURCE_LANGUAGE)
    return translate(language, 'Room reminder (title)', {
      room,
      minutes: ROOM_REMINDER_LEAD_MINUTES,
    })
  const template = firstLine({ ...notification, sourceUserDisplayName: NAME })
  if (!template.includes(NAME)) return translateText(language, template)
  const named = translateText(language, template, { name: nameOf(language, notification) })
  // A line no catalogue holds yet stays in English.
  return named === template ? firstLine(notification) : named
}

/**
 * Second lines the server stored in English with a value in them, worded again from the row:
 * a removal's reason (the moderator's words, as written), a milestone's count, and a named
 * testimony's line, whose name is the row's actor and the rest the title's excerpt. An anonymous
 * one is stored as "Someone shared …" with no title, so it never matches and names no one.
 */
function storedBody(language: Language, notification: Shown): string | undefined {
  const { reason, amens } = notification.data ?? {}
  const message = notification.message ?? ''
  switch (notification.type) {
    case 'ContentRemoved':
      return typeof reason === 'string' && message === `Reason: ${reason}`
        ? translate(language, 'Reason: {reason}', { reason })
        : undefined
    case 'TestimonyEncouragement':
      return typeof amens === 'number'
        ? translate(language, 'Testimony encouragement (second line)', { amens })
        : undefined
    case 'TestimonyCreated': {
      const name = notification.sourceUserDisplayName
      const named = `${name} shared a testimony about a prayer you prayed for: `
      return name && message.startsWith(named)
        ? translate(language, 'Named testimony (second line)', {
            name,
            title: message.slice(named.length),
          })
        : undefined
    }
    default:
      return undefined
  }
}

/** The second line; the weekly summary's, stored in English, worded again from its counts. */
function bodyOf(language: Language, notification: Shown): string {
  const stored = language === SOURCE_LANGUAGE ? undefined : storedBody(language, notification)
  if (stored !== undefined) return stored
  const { people, answered } = notification.data ?? {}
  if (
    notification.type === 'WeeklySummary' &&
    language !== SOURCE_LANGUAGE &&
    typeof people === 'number' &&
    typeof answered === 'number'
  ) {
    const parts = people > 0 && answered > 0 ? 'both' : people > 0 ? 'people' : 'answered'
    return translate(language, 'Weekly summary (second line)', { parts, people, answered })
  }
  return words(language, secondLine(notification))
}

/**
 * The title, body and (for a reminder) action buttons of a push in `language`; with previews
 * off, only what happened (issue 40), as contract/notification-privacy.ts words it.
 */
export function pushWording(
  language: Language,
  notification: Shown,
  previews: boolean,
): PushWording {
  const actions =
    notification.type === 'PrayerReminder'
      ? REMINDER_ACTIONS.map(({ action, title }) => ({
          action,
          title: words(language, title),
        }))
      : undefined
  // Issue 47: a folded entry says how many ("Ann and 3 others prayed …") over its message.
  const folded = previews ? foldLine(notification) : null
  const lines = folded
    ? { title: translate(language, folded.id, folded.values), body: notification.message ?? '' }
    : previews
      ? {
          title: titleOf(language, notification),
          body: bodyOf(language, notification),
        }
      : { title: translateText(language, wordlessLine(notification)), body: '' }
  return { ...lines, ...(actions ? { actions } : {}) }
}
