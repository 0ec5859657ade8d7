import { useEffect, useRef, useState } from 'react'
import { useT } from '@/i18n/use-t'
import type { RoomLive } from '../api/room-live'
import { arrivalsText } from '../room-text'

/**
 * What a screen reader is told as the room changes (issue 21): arrivals and departures, and
 * each new intention on screen. Names only when the screen shows them.
 */
export function useRoomAnnouncements(live: RoomLive | null, showNames: boolean): string {
  const t = useT()
  const previous = useRef<RoomLive | null>(null)
  const [message, setMessage] = useState('')
  useEffect(() => {
    const before = previous.current
    previous.current = live
    if (!before || !live) return
    const company = (state: RoomLive) => ({
      count: state.count,
      names: showNames ? state.names : [],
    })
    const parts: string[] = []
    const arrivals = arrivalsText(company(before), company(live), t)
    if (arrivals) parts.push(arrivals)
    if (live.intention && live.intention.intention_id !== before.intention?.intention_id)
      parts.push(t('Now praying for an intention', { title: live.intention.title }))
    if (parts.length > 0) setMessage(parts.join(' '))
  }, [live, showNames, t])
  return message
}
