import type { Notification } from './notifications'

// Plain TypeScript in the contract: the bell panel, the page's system notifications and the
// service worker's Web Push notifications all word a notification with these functions.
type ClientNotification = Omit<Notification, 'type'> & { type: string }

// Spec 000 §9 "Notification wording by type": the panel's first and second lines.

type Wording = Pick<
  ClientNotification,
  'type' | 'title' | 'message' | 'sourceUserDisplayName' | 'data'
>

const PRAYER_TYPES = new Set(['PrayerReaction', 'PrayerAmenReaction', 'PrayerCandleReaction'])
const COMMENT_TYPES = new Set(['IntentionComment', 'CommentReaction', 'CommentAmenReaction'])

/** The acting member's display name (spec 000 §3: falls back to 'Someone'). */
export function actorName({
  sourceUserDisplayName,
}: Pick<Wording, 'sourceUserDisplayName'>): string {
  const name = sourceUserDisplayName?.trim()
  return name ? name : 'Someone'
}

// Spec 000 §3: data.reaction is read for 'amen'; a generic reaction that was an Amen says so.
const isAmen = ({ data }: Pick<Wording, 'data'>) => data?.reaction?.toLowerCase() === 'amen'

export function firstLine(notification: Wording): string {
  const name = actorName(notification)
  switch (notification.type) {
    case 'PrayerReaction':
      return isAmen(notification) ? `${name} said Amen` : `${name} prayed for you`
    case 'PrayerAmenReaction':
      return `${name} said Amen`
    case 'PrayerCandleReaction':
      return `${name} lit a candle`
    case 'IntentionComment':
      return `${name} commented on your intention`
    case 'CommentReaction':
      return isAmen(notification)
        ? `${name} said Amen to your comment`
        : `${name} reacted to your comment`
    case 'CommentAmenReaction':
      return `${name} said Amen to your comment`
    case 'TestimonyReaction':
      return `${name} reacted to your testimony`
    case 'TestimonyCreated':
      return 'New testimony'
    case 'TestimonyEncouragement':
      return `${name} encouraged your testimony`
    default:
      return notification.title.trim() || 'Notification'
  }
}

/** 'on your intention.' for the three prayer types, nothing for comments, else the message. */
export function secondLine(notification: Wording): string {
  if (PRAYER_TYPES.has(notification.type)) return 'on your intention.'
  if (COMMENT_TYPES.has(notification.type)) return ''
  return notification.message?.trim() ?? ''
}

/** Spec 000 §2: a testimony first, then an intention, otherwise the click goes nowhere. */
export function notificationTarget({
  sourceTestimonyId,
  sourceIntentionId,
}: Pick<ClientNotification, 'sourceTestimonyId' | 'sourceIntentionId'>):
  { to: '/testimonies'; highlight: string } | { to: '/prayerwall'; highlight: string } | null {
  if (sourceTestimonyId) return { to: '/testimonies', highlight: sourceTestimonyId }
  if (sourceIntentionId) return { to: '/prayerwall', highlight: sourceIntentionId }
  return null
}
