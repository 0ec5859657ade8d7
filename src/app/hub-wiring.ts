import {
  CounterUpdateEventSchema,
  HubEvent,
  IntentionRemovedEventSchema,
  NotificationDevicesSchema,
  UnreadCountUpdateEventSchema,
} from '@contract/hub'
import { RoomHubEvent } from '@contract/rooms'
import type { QueryClient } from '@tanstack/react-query'
import {
  ClientNotificationSchema,
  notificationListKey,
} from '@/features/notifications/api/get-notifications'
import { unreadCountQueryOptions } from '@/features/notifications/api/get-unread-count'
import { notificationLines } from '@/features/notifications/notification-lines'
import {
  receiveNotification,
  setUnreadCount,
} from '@/features/notifications/api/notification-cache'
import { intentionFeedRootKey } from '@/features/prayer-wall/api/get-intention-feed'
import { dropIntention, patchIntention } from '@/features/prayer-wall/api/intention-cache'
import { renewPushSubscription } from '@/features/push/api/push-subscription'
import { showSystemNotification } from '@/features/push/system-notifications'
import { roomLiveEvents } from '@/features/rooms/api/room-live'
import { testimonyFeedKey } from '@/features/testimonies/api/testimony-cache'
import { t } from '@/i18n/i18n'
import { connectHub, type HubEnvironment, type HubWiring } from '@/lib/hub-client'

// Which feature each hub event reaches (DESIGN §7): src/lib/hub-client.ts keeps the connection,
// the features keep their caches, and this file is the only one that knows both.

// Issue 8: a moderator removed one of this member's posts. Their wall, threads and stories (also
// the persisted copies) still hold it: read them again. Comment drafts are left alone.
function forgetRemovedContent(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: intentionFeedRootKey })
  void queryClient.invalidateQueries({ queryKey: testimonyFeedKey })
  void queryClient.invalidateQueries({
    predicate: ({ queryKey }) => queryKey[0] === 'comments' && queryKey[2] === 'thread',
  })
}

export const appHubWiring: HubWiring = {
  events: {
    [HubEvent.NewNotification]: (payload, { queryClient, userId, warn }) => {
      const parsed = ClientNotificationSchema.safeParse(payload)
      if (parsed.success) {
        receiveNotification(queryClient, parsed.data)
        // Issue 40: the server says whether it reaches this member's devices, and with words.
        const devices = NotificationDevicesSchema.safeParse(
          (payload as { devices?: unknown }).devices,
        )
        if (devices.success)
          showSystemNotification(
            parsed.data,
            devices.data,
            userId,
            notificationLines(parsed.data, t),
          ).catch(warn('showNotification failed'))
        if (parsed.data.type === 'ContentRemoved') forgetRemovedContent(queryClient)
      } else void queryClient.invalidateQueries({ queryKey: notificationListKey })
    },
    [HubEvent.UnreadCountUpdate]: (payload, { queryClient }) => {
      const parsed = UnreadCountUpdateEventSchema.safeParse(payload)
      if (parsed.success) setUnreadCount(queryClient, parsed.data.unreadCount)
    },
    [HubEvent.CounterUpdate]: (payload, { queryClient }) => {
      const parsed = CounterUpdateEventSchema.safeParse(payload)
      if (!parsed.success) return
      const { intentionId, ...counts } = parsed.data
      const changed = Object.fromEntries(
        Object.entries(counts).filter(([, value]) => value !== undefined),
      )
      patchIntention(queryClient, intentionId, () => changed)
    },
    // Issue 40: its author deleted their account, or a moderator removed it.
    [HubEvent.IntentionRemoved]: (payload, { queryClient }) => {
      const parsed = IntentionRemovedEventSchema.safeParse(payload)
      if (parsed.success) dropIntention(queryClient, parsed.data.intentionId)
    },
    // Issue 21: the live room on screen, if any.
    [RoomHubEvent.RoomPresenceUpdate]: (payload, { queryClient }) =>
      roomLiveEvents.presence(queryClient, payload),
    [RoomHubEvent.RoomIntentionChanged]: (payload, { queryClient }) =>
      roomLiveEvents.intention(queryClient, payload),
    [RoomHubEvent.RoomAmen]: (payload, { queryClient }) =>
      roomLiveEvents.amen(queryClient, payload),
    [RoomHubEvent.RoomClosed]: (payload, { queryClient }) =>
      roomLiveEvents.closed(queryClient, payload),
    [RoomHubEvent.RoomRemoved]: (payload, { queryClient }) =>
      roomLiveEvents.removed(queryClient, payload),
  },
  // Events sent while no connection was up are lost: the count and the list are read again.
  catchUp(queryClient) {
    void queryClient.invalidateQueries({ queryKey: unreadCountQueryOptions().queryKey })
    void queryClient.invalidateQueries({ queryKey: notificationListKey })
  },
  connected({ userId, warn }) {
    renewPushSubscription(userId).catch(warn('push subscription renewal failed'))
  },
  watchedFeedKey: intentionFeedRootKey,
}

/** The session's hub connection, wired to the features; returns the release function. */
export function connectAppHub(queryClient: QueryClient, environment?: HubEnvironment) {
  return connectHub(queryClient, appHubWiring, environment)
}
