import type { Notification, NotificationData } from './notifications'

// Issue 40: a member who turned "Show the request's words in notifications" off sees on their
// devices only what happened, never a request's title, text or anyone's name: the lock screen
// of a phone left on a table says nothing of a marriage or an illness. The bell panel (inside
// the signed-in app) keeps the words.

type Typed = Pick<Notification, 'data'> & { type: string }

const amen = ({ data }: Pick<Notification, 'data'>) => data?.reaction?.toLowerCase() === 'amen'

const LINES: Record<string, (notification: Typed) => string> = {
  PrayerReaction: (notification) =>
    amen(notification) ? 'Someone said Amen to your request' : 'Someone prayed for your request',
  PrayerAmenReaction: () => 'Someone said Amen to your request',
  PrayerCandleReaction: () => 'Someone lit a candle for your request',
  PrayerBundle: () => 'People prayed for your request',
  IntentionAnswered: () => 'A request you prayed for was answered',
  IntentionResolved: () => 'A request you prayed for was closed',
  IntentionComment: () => 'Someone commented on your request',
  CommentReaction: () => 'Someone reacted to your comment',
  CommentAmenReaction: () => 'Someone said Amen to your comment',
  TestimonyAmenReaction: () => 'Someone said Amen to your testimony',
  TestimonyReaction: () => 'Someone reacted to your testimony',
  TestimonyCreated: () => 'New testimony',
  TestimonyEncouragement: () => 'Someone encouraged your testimony',
  WeeklySummary: () => 'Your weekly summary is ready',
  ContentRemoved: () => 'A moderator removed one of your posts',
  ContentRestored: () => 'A moderator restored one of your posts',
  ModerationAlert: () => 'A post needs a moderator',
  PrayerUpdate: () => 'A request you pray for has an update',
  PrayerReminder: () => 'Time to pray for your prayer list',
  RoomReminder: () => 'A prayer room starts soon',
  MembershipApproved: () => 'Welcome: your account was approved',
  IntentionAutoClosed: () => 'One of your requests was closed',
}

/** The one line shown on a device when previews are off: what happened, in no one's words. */
export function wordlessLine(notification: Typed): string {
  return LINES[notification.type]?.(notification) ?? 'New notification'
}

// Ids and kinds, never words: what a click or a reminder's action needs to find its target.
const DATA_WITHOUT_WORDS = ['reaction', 'roomId', 'startsAt', 'targetType', 'targetId'] as const

/**
 * The notification as it may leave the server for a device with previews off: no title, no
 * message, no actor's name, and of its data only ids and kinds.
 */
export function withoutWords<T extends Notification>(notification: T): T {
  const data = notification.data
  const kept: NotificationData | null = data
    ? Object.fromEntries(
        DATA_WITHOUT_WORDS.filter((key) => data[key] !== undefined).map((key) => [key, data[key]]),
      )
    : null
  // A folded entry's names go too; its counts say only how many (issue 47).
  const fold = notification.fold && { ...notification.fold, names: [] }
  return {
    ...notification,
    title: '',
    message: null,
    sourceUserDisplayName: null,
    data: kept,
    ...(fold && { fold }),
  }
}
