import { UnreadCountSchema } from '@contract/notifications'

declare const self: ServiceWorkerGlobalScope

// Issue 17: a push that arrives while no page is open still updates the number on the app's
// icon. The payload carries one notification, not the count, so the worker asks the same
// unread call the bell uses, on the notifications host the payload names, with the session
// cookie. Without the Badging API, or without an answer, the badge is left as it was.
export async function refreshAppBadge(readUrl: string): Promise<void> {
  if (typeof self.navigator.setAppBadge !== 'function') return
  try {
    const answer = await fetch(new URL('/api/notifications?limit=1&unreadOnly=true', readUrl), {
      credentials: 'include',
    })
    if (!answer.ok) return
    const parsed = UnreadCountSchema.safeParse(await answer.json())
    if (!parsed.success) return
    const { unreadCount } = parsed.data
    await (unreadCount > 0
      ? self.navigator.setAppBadge(unreadCount)
      : self.navigator.clearAppBadge())
  } catch {
    // Offline or refused: the page sets the badge the next time it opens.
  }
}
