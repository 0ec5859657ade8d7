import { useEffect } from 'react'

/**
 * The unread count on the installed app's icon (Badging API, issue 17), cleared when all are
 * read. Browsers without the API, or that refuse outside an installed app, simply show nothing.
 */
export function useAppBadge(unreadCount: number | undefined): void {
  useEffect(() => {
    if (unreadCount === undefined || typeof navigator.setAppBadge !== 'function') return
    const done = unreadCount > 0 ? navigator.setAppBadge(unreadCount) : navigator.clearAppBadge()
    done.catch(() => undefined)
  }, [unreadCount])
  // The bell leaves with the session: the next person on this device sees no stale count.
  useEffect(
    () => () => {
      if (typeof navigator.clearAppBadge === 'function')
        navigator.clearAppBadge().catch(() => undefined)
    },
    [],
  )
}
