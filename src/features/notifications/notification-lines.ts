import { foldLine } from '@contract/notification-folding'
import type { NotificationFold } from '@contract/notifications'
import { translateText, type MessageId } from '@/i18n/i18n'
import type { useT } from '@/i18n/use-t'
import { actorName, firstLine, secondLine } from './notification-wording'

type Wording = Parameters<typeof firstLine>[0] & { fold?: NotificationFold | undefined }
type Translate = ReturnType<typeof useT>

// The contract's wording (spec 000 §9) in the reader's language (issue 42). The contract words it
// in English for the service worker; the panel says the same here, message by message. A type it
// does not know shows its server title, translated where a catalogue holds it.
const FIRST_LINES: Partial<Record<string, MessageId>> = {
  PrayerAmenReaction: '{name} said Amen',
  PrayerCandleReaction: '{name} lit a candle',
  IntentionComment: '{name} commented on your intention',
  CommentAmenReaction: '{name} said Amen to your comment',
  TestimonyReaction: '{name} reacted to your testimony',
  TestimonyEncouragement: '{name} encouraged your testimony',
  TestimonyCreated: 'New testimony',
}

function firstLineId(notification: Wording): MessageId | undefined {
  const amen = notification.data?.reaction?.toLowerCase() === 'amen'
  if (notification.type === 'PrayerReaction')
    return amen ? '{name} said Amen' : '{name} prayed for you'
  if (notification.type === 'CommentReaction')
    return amen ? '{name} said Amen to your comment' : '{name} reacted to your comment'
  return FIRST_LINES[notification.type]
}

/**
 * The panel's two lines of a notification, in the reader's language. A folded entry (issue 47)
 * says how many acted, over the request's or the comment's words; one alone keeps spec 000 §9.
 */
export function notificationLines(notification: Wording, t: Translate) {
  const folded = foldLine(notification)
  if (folded)
    return { title: t(folded.id, folded.values), detail: notification.message?.trim() ?? '' }
  const id = firstLineId(notification)
  const english = actorName(notification)
  // 'Someone' is the contract's stand-in for a missing name: a name itself is never translated.
  const name = english === 'Someone' ? t('Someone') : english
  const detail = secondLine(notification)
  return {
    title: id ? t(id, { name }) : translateText(firstLine(notification)),
    detail: detail === 'on your intention.' ? t('on your intention.') : translateText(detail),
  }
}
