import { type PointerEvent, useRef, useState } from 'react'

/** How far a finger must slide sideways before letting go reads the notification. */
export const SWIPE_TO_READ_PX = 72

/**
 * Issue 47: a notification swiped sideways (either way, as in a mail app) is marked read. Only
 * touch and pen: a mouse drags text. The list keeps scrolling up and down (`touch-action:
 * pan-y` on the row); the "Mark as read" button does the same for those who cannot swipe.
 */
export function useSwipeToRead(onRead: (() => void) | undefined) {
  const start = useRef<{ x: number; y: number; id: number } | null>(null)
  const [offset, setOffset] = useState(0)

  const end = (read: boolean) => {
    start.current = null
    setOffset(0)
    if (read) onRead?.()
  }

  return {
    offset,
    handlers: {
      onPointerDown(event: PointerEvent) {
        if (!onRead || event.pointerType === 'mouse') return
        start.current = { x: event.clientX, y: event.clientY, id: event.pointerId }
      },
      onPointerMove(event: PointerEvent) {
        const from = start.current
        if (!from || from.id !== event.pointerId) return
        const dx = event.clientX - from.x
        // A mostly vertical move is a scroll, not a swipe.
        if (Math.abs(event.clientY - from.y) > Math.abs(dx)) return end(false)
        setOffset(dx)
      },
      onPointerUp(event: PointerEvent) {
        const from = start.current
        if (!from || from.id !== event.pointerId) return
        end(Math.abs(event.clientX - from.x) >= SWIPE_TO_READ_PX)
      },
      onPointerCancel: () => end(false),
    },
  }
}
