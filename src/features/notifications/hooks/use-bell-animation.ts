import { useEffect, useRef, useState } from 'react'

/** Spec 000 §4/§9: true for 300 ms each time the unread count changes to a number above 0. */
export const BELL_ANIMATION_MS = 300

export function useBellAnimation(unreadCount: number | undefined): boolean {
  const [ringing, setRinging] = useState(false)
  // The first count read from the server is not a change.
  const previous = useRef(unreadCount)
  useEffect(() => {
    const before = previous.current
    previous.current = unreadCount
    if (unreadCount === before) return
    if (before === undefined || unreadCount === undefined || unreadCount <= 0) {
      setRinging(false)
      return
    }
    setRinging(true)
    const timer = window.setTimeout(() => setRinging(false), BELL_ANIMATION_MS)
    return () => window.clearTimeout(timer)
  }, [unreadCount])
  return ringing
}
