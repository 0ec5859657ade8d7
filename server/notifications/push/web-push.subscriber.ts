import { anyOf } from '../../db/any-of'
import type { Database } from '../../db/client'
import { recordEvent } from '../../events/record-event'
import type { Subscriber } from '../../events/subscriber'
import type { Addressed } from '../delivery-preferences'
import { foldsFor } from '../notification-folds'
import { toNotification } from '../notification-view'
import { notificationsTable } from '../notifications.table'
import type { PushTarget, WebPush } from './web-push'

/** Notifications handed to Web Push in one go: three queries for the lot (web-push.ts). */
const DELIVERY_BATCH = 500

/**
 * Web Push as a subscriber (issue 41): each NotificationsRaised, recorded with its rows, is
 * pushed to the members' devices at least once, across restarts. A push that fails for a while
 * becomes a PushRetryDue of its own, keyed by event, notification and device, so the devices
 * that got it never get it twice; that one is retried and parked like any delivery. A member
 * with a live tab on this process hears NewNotification there instead and gets no push.
 * Each push carries the stored row as the panel shows it (`toNotification`): an anonymous
 * author is not named in the row, so not in a push either (docs/notifications.md).
 */
export function webPushSubscriber(options: {
  db: Database
  webPush: WebPush
  now: () => Date
  /** A live hub connection of the member on this process (none where the hub is not hosted). */
  hasLiveTab: (userId: string) => boolean
  /** False on processes without the hub: they cannot tell a live tab (Subscriber.deliveredHere). */
  deliveredHere: boolean
}): Subscriber {
  const { db, webPush, now, hasLiveTab } = options

  // Re-read at send time: a member deleted meanwhile has no row, so no push.
  const addressed = async (ids: readonly string[]): Promise<Addressed[]> => {
    const rows = await db
      .select()
      .from(notificationsTable)
      .where(anyOf(notificationsTable.id, ids))
    const pushed = rows.filter((row) => !hasLiveTab(row.userId))
    // Issue 47: with its fold as it stands now, shown under the fold's tag with its count.
    const folds = await foldsFor(db, pushed)
    return pushed.map((row) => ({
      userId: row.userId,
      notification: toNotification(row, folds.get(row.id)),
    }))
  }

  return {
    name: 'web-push',
    deliveredHere: options.deliveredHere,
    on: {
      NotificationsRaised: async (event) => {
        const items = await addressed(event.payload.notificationIds)
        // The batches at once: a batch's queries run while the one before is pushing, and the
        // pushes of all share web-push's limit, in order (its queue is first in, first out).
        const batches: Promise<PushTarget[]>[] = []
        for (let at = 0; at < items.length; at += DELIVERY_BATCH)
          batches.push(webPush.deliverMany(items.slice(at, at + DELIVERY_BATCH)))
        const failed = (await Promise.all(batches)).flat()
        if (failed.length === 0) return
        // The key: a redelivered event records no second retry for one device.
        await db.transaction(async (tx) => {
          for (const { notificationId, deviceId } of failed)
            await recordEvent(
              tx,
              { type: 'PushRetryDue', payload: { notificationId, deviceId } },
              { occurredAt: now(), key: `push:${event.id}:${notificationId}:${deviceId}` },
            )
        })
      },
      PushRetryDue: async ({ payload }) => {
        const items = await addressed([payload.notificationId])
        const failed = await webPush.deliverMany(items, payload.deviceId)
        // Thrown, the dispatcher tries this one device again later (1 s, 10 s, 1 min, 5 min).
        if (failed.length > 0) throw new Error('web push failed again')
      },
    },
  }
}
