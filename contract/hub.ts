import * as z from 'zod/mini'
import {
  NotificationSchema,
  UnreadCountSchema,
  type Notification,
  type UnreadCount,
} from './notifications'

// The real-time hub's public surface (spec 000 §7 "Real-time hub"; DESIGN §7): where it is,
// what the server sends, and what the client may invoke. Each event carries ONE argument, the
// object its schema describes; methods take the positional arguments named below.

export const HUB_PATH = '/hub/notifications'

// Client settings (spec 000 §8): the server keeps its keep-alive at half the client's timeout.
export const HUB_SERVER_TIMEOUT_MS = 30_000
export const HUB_KEEP_ALIVE_MS = 15_000
export const HUB_RECONNECT_DELAYS_MS = [0, 2_000, 10_000, 30_000] as const

export const HubEvent = {
  NewNotification: 'NewNotification',
  UnreadCountUpdate: 'UnreadCountUpdate',
  CounterUpdate: 'CounterUpdate',
  PresenceUpdate: 'PresenceUpdate',
  /**
   * Issue 40: a request left the wall for good (its author deleted their account, or a
   * moderator removed it): sent to the request's watchers, whose wall drops the card.
   */
  IntentionRemoved: 'IntentionRemoved',
} as const
export type HubEventName = keyof typeof HubEvent

export const HubMethod = {
  WatchIntentions: 'WatchIntentions',
  UnwatchIntentions: 'UnwatchIntentions',
  StartPraying: 'StartPraying',
  StopPraying: 'StopPraying',
} as const
export type HubMethodName = keyof typeof HubMethod

export const HubIntentionIdSchema = z.string().check(z.minLength(1), z.maxLength(64))
/** How many intentions one call may watch (a page of the wall). */
export const HUB_MAX_WATCH = 100

/**
 * Issue 40: whether a notification reaches the member's devices now (their types, mutes and
 * quiet hours) and whether it may show words there, decided by the server from what it holds at
 * that moment: a page never decides from a cached copy of the settings or the mutes.
 */
export const NotificationDevicesSchema = z.object({ reaches: z.boolean(), previews: z.boolean() })
export type NotificationDevices = z.infer<typeof NotificationDevicesSchema>

// Spec 000 §3 "Notification": the same object the notifications list returns, and what its
// member's devices may show of it.
export const NewNotificationEventSchema = z.extend(NotificationSchema, {
  devices: NotificationDevicesSchema,
})
export type NewNotificationEvent = Notification & { devices: NotificationDevices }

export const UnreadCountUpdateEventSchema = UnreadCountSchema
export type UnreadCountUpdateEvent = UnreadCount

// Live counts of one intention (spec 001 "Intention" field names); only the changed ones are sent.
export const CounterUpdateEventSchema = z.object({
  intentionId: HubIntentionIdSchema,
  prayed_count: z.optional(z.number().check(z.int(), z.nonnegative())),
  amen_count: z.optional(z.number().check(z.int(), z.nonnegative())),
  candle_count: z.optional(z.number().check(z.int(), z.nonnegative())),
  comments_count: z.optional(z.number().check(z.int(), z.nonnegative())),
})
export type CounterUpdateEvent = z.infer<typeof CounterUpdateEventSchema>

/** How many people are praying for an intention right now (StartPraying … StopPraying). */
export const PresenceUpdateEventSchema = z.object({
  intentionId: HubIntentionIdSchema,
  prayingNow: z.number().check(z.int(), z.nonnegative()),
})
export type PresenceUpdateEvent = z.infer<typeof PresenceUpdateEventSchema>

/** WatchIntentions(ids) and UnwatchIntentions(ids). */
export const HubIntentionIdsSchema = z.array(HubIntentionIdSchema).check(z.maxLength(HUB_MAX_WATCH))
/** WatchIntentions returns the ids actually watched (the others are not visible to the caller). */
export const WatchIntentionsResultSchema = z.object({ watching: z.array(HubIntentionIdSchema) })
export type WatchIntentionsResult = z.infer<typeof WatchIntentionsResultSchema>
// StartPraying(intentionId) and StopPraying(intentionId) take HubIntentionIdSchema and return the
// PresenceUpdateEvent of that intention.

/** IntentionRemoved's argument. */
export const IntentionRemovedEventSchema = z.object({ intentionId: z.string() })
export type IntentionRemovedEvent = z.infer<typeof IntentionRemovedEventSchema>
