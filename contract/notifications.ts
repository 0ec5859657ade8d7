import * as z from 'zod/mini'
import { TolerantBooleanSchema } from './booleans'
import { pageQuerySchema } from './pagination'

// Spec 000 §3 "Notification" and the notifications calls of §7; the hub's NewNotification event
// carries the same object (contract/hub.ts).

export const NOTIFICATION_TYPES = [
  'PrayerReaction',
  'PrayerAmenReaction',
  'PrayerCandleReaction',
  'IntentionAnswered',
  'IntentionResolved',
  'IntentionComment',
  'CommentReaction',
  'CommentAmenReaction',
  'TestimonyAmenReaction',
  'TestimonyReaction',
  'TestimonyCreated',
  'TestimonyEncouragement',
  'PrayerBundle',
  'WeeklySummary',
  // Issue 8: the author hears why a moderator removed their post (data: targetType, targetId,
  // reason) and when one restored it; moderators hear of a post that signals a member in crisis
  // (data: targetType, targetId).
  'ContentRemoved',
  'ContentRestored',
  'ModerationAlert',
  // Issue 20: the author posted an update on a request the member prayed for or listed
  // (bundled within the hour: data.updates), and the daily prayer-list reminder (data.waiting,
  // data.intentionId: the first request waiting).
  'PrayerUpdate',
  'PrayerReminder',
  // Issue 21: "Remind me" on a prayer room, 10 minutes before a session (data: roomId, startsAt).
  'RoomReminder',
  // Issue 40: the member's data archive is ready to download (data: exportId).
  'DataExportReady',
  // Issue 38: a moderator approved the member's account (join = "approval").
  'MembershipApproved',
  // Issue 38: the community closes requests left open auto_close_days days; the author hears it
  // (data: days) and may reopen as after a manual close.
  'IntentionAutoClosed',
] as const
export const NotificationTypeSchema = z.enum(NOTIFICATION_TYPES)
export type NotificationType = z.infer<typeof NotificationTypeSchema>

/** Spec 000 §9: the notifications page size. */
export const NOTIFICATION_PAGE_SIZE = 20

export const NotificationDataSchema = z.catchall(
  z.object({ reaction: z.optional(z.string()) }),
  z.unknown(),
)
export type NotificationData = z.infer<typeof NotificationDataSchema>

/**
 * Issue 47: notifications of one type about one item (a request, a comment, a testimony) that
 * came close together show as ONE entry (ADR 0039). The entry is its newest notification; this
 * says what it folds. Absent on types that never fold.
 */
export const NotificationFoldSchema = z.object({
  /** The same for every notification of this type about this item: the system notification's tag. */
  key: z.string(),
  /** How many notifications the entry folds (1: it stands alone). */
  count: z.number().check(z.int(), z.positive()),
  /** How many members acted; an anonymous one is counted, never named. */
  people: z.number().check(z.int(), z.nonnegative()),
  /** The named members, newest first (at most FOLD_NAMES_MAX): never an anonymous one. */
  names: z.array(z.string()),
  /** When the oldest folded one came. */
  since: z.string(),
})
export type NotificationFold = z.infer<typeof NotificationFoldSchema>

/** Issue 47: notifications further apart than this start a new entry. */
export const FOLD_GAP_HOURS = 24
/** Names an entry carries; the others are counted. */
export const FOLD_NAMES_MAX = 20

export const NotificationSchema = z.object({
  notificationId: z.string(),
  type: NotificationTypeSchema,
  title: z.string(),
  message: z.nullable(z.string()),
  createdAt: z.string(),
  /** null = unread (spec 000 §4 "Notification read state"). */
  readAt: z.nullable(z.string()),
  sourceUserDisplayName: z.nullable(z.string()),
  sourceTestimonyId: z.nullable(z.string()),
  sourceIntentionId: z.nullable(z.string()),
  data: z.nullable(NotificationDataSchema),
  /** Issue 47: what this entry folds; the list, the hub and Web Push carry it alike. */
  fold: z.optional(NotificationFoldSchema),
})
export type Notification = z.infer<typeof NotificationSchema>

export const NotificationListQuerySchema = z.extend(pageQuerySchema(NOTIFICATION_PAGE_SIZE), {
  unreadOnly: TolerantBooleanSchema,
})
export type NotificationListQuery = z.input<typeof NotificationListQuerySchema>

export const NotificationListSchema = z.object({
  items: z.array(NotificationSchema),
  nextCursor: z.nullable(z.string()),
  unreadCount: z.number().check(z.int(), z.nonnegative()),
})
export type NotificationList = z.infer<typeof NotificationListSchema>

export const MarkReadBodySchema = z.object({
  notificationIds: z.array(z.uuid()).check(z.minLength(1), z.maxLength(100)),
})
export type MarkReadBody = z.infer<typeof MarkReadBodySchema>

export const UnreadCountSchema = z.object({
  unreadCount: z.number().check(z.int(), z.nonnegative()),
})
export type UnreadCount = z.infer<typeof UnreadCountSchema>
