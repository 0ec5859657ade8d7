import type { QueryClient } from '@tanstack/react-query'
import type { ClientNotification, NotificationListData } from './get-notifications'
import { notificationListKey } from './get-notifications'
import { unreadCountQueryOptions } from './get-unread-count'

// The list and the count change together from three places (the hub, the panel's read calls,
// their rollbacks); these helpers keep every copy consistent.

const unreadKey = unreadCountQueryOptions().queryKey

/**
 * A count the server just gave (the hub's UnreadCountUpdate, a read call's answer). A read of
 * the count already on its way (the hub's catch-up after connecting) started before it and
 * would land after it with an older number: it is cancelled first (its state reverted, at once),
 * and this count is kept.
 */
export function setUnreadCount(queryClient: QueryClient, unreadCount: number): void {
  void queryClient.cancelQueries({ queryKey: unreadKey })
  queryClient.setQueryData(unreadKey, unreadCount)
}

/**
 * Whether `item` is (an older entry of) what `notification` now shows: the same row, or, for a
 * folded one (issue 47), the unread entry of its fold that it now leads.
 */
function shownBy(notification: ClientNotification, item: ClientNotification): boolean {
  if (item.notificationId === notification.notificationId) return true
  const fold = notification.fold
  return (
    fold !== undefined &&
    notification.readAt === null &&
    item.readAt === null &&
    item.fold?.key === fold.key &&
    Date.parse(item.createdAt) >= Date.parse(fold.since)
  )
}

/** Puts `notification` on top of the list; answers the entry it replaces there, if any. */
function placeOnTop(
  queryClient: QueryClient,
  notification: ClientNotification,
): ClientNotification | undefined {
  let previous: ClientNotification | undefined
  queryClient.setQueryData<NotificationListData>(notificationListKey, (data) => {
    if (!data) return data
    const pages = data.pages.map((page) => ({
      ...page,
      items: page.items.filter((item) => {
        if (!shownBy(notification, item)) return true
        previous = item
        return false
      }),
    }))
    const [first, ...rest] = pages
    return first
      ? { ...data, pages: [{ ...first, items: [notification, ...first.items] }, ...rest] }
      : data
  })
  return previous
}

/**
 * A NewNotification from the hub: newest first. The same id may come again (a prayer update is
 * one row whose count and time change), and a folded one leads its fold's entry (issue 47): the
 * older copy, or the entry it now leads, leaves its place.
 */
export function receiveNotification(
  queryClient: QueryClient,
  notification: ClientNotification,
): void {
  const previous = placeOnTop(queryClient, notification)
  // A read of the list already on its way (the hub's catch-up after connecting, the panel's
  // first load) started before this row existed and lands without it, or is cancelled back to
  // what the list held before: either way the row goes on top again once that read is done.
  // Cancelling it instead, as the count does, would leave a first load empty.
  const reading = queryClient.getQueryCache().find({ queryKey: notificationListKey, exact: true })
  const place = () => void placeOnTop(queryClient, notification)
  reading?.promise?.then(place, place)
  // UnreadCountUpdate follows with the server's number; bumping now shows it without waiting.
  const becameUnread =
    notification.readAt === null && (previous === undefined || previous.readAt !== null)
  if (becameUnread) {
    queryClient.setQueryData<number>(unreadKey, (count) =>
      count === undefined ? count : count + 1,
    )
  }
}

export type NotificationSnapshot = {
  list: NotificationListData | undefined
  unreadCount: number | undefined
}

export function snapshotNotifications(queryClient: QueryClient): NotificationSnapshot {
  return {
    list: queryClient.getQueryData<NotificationListData>(notificationListKey),
    unreadCount: queryClient.getQueryData<number>(unreadKey),
  }
}

export function restoreNotifications(
  queryClient: QueryClient,
  snapshot: NotificationSnapshot,
): void {
  queryClient.setQueryData(notificationListKey, snapshot.list)
  queryClient.setQueryData(unreadKey, snapshot.unreadCount)
}

/** Marks the given ids (or every item) read at `readAt`; the count drops by those that were unread. */
export function markReadInCache(
  queryClient: QueryClient,
  ids: readonly string[] | 'all',
  readAt: string,
): void {
  const wanted = ids === 'all' ? null : new Set(ids)
  let changed = 0
  queryClient.setQueryData<NotificationListData>(notificationListKey, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            items: page.items.map((item) => {
              if (item.readAt !== null || (wanted && !wanted.has(item.notificationId))) return item
              changed += 1
              return { ...item, readAt }
            }),
          })),
        }
      : data,
  )
  queryClient.setQueryData<number>(unreadKey, (count) =>
    count === undefined ? count : ids === 'all' ? 0 : Math.max(0, count - changed),
  )
}
