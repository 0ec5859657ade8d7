import { useSyncExternalStore } from 'react'

// Issue 47: the timed prayer's hint is shown under one "Pray now" until the member has started a
// timed prayer on this device; from then on it is each button's description only. Kept per
// device: it says nothing about the member.
const KEY = 'prayer-hint-seen'
const listeners = new Set<() => void>()

function read(): boolean {
  try {
    return window.localStorage.getItem(KEY) === '1'
  } catch {
    // Storage refused (a private window's quota, a sandbox): the hint stays, which is harmless.
    return false
  }
}

/** Remembers that the member has started a timed prayer, and hides the hint everywhere. */
export function markPrayerHintSeen(): void {
  if (read()) return
  try {
    window.localStorage.setItem(KEY, '1')
  } catch {
    return
  }
  for (const listener of listeners) listener()
}

function subscribe(listener: () => void) {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** Whether the member has started a timed prayer on this device. */
export function usePrayerHintSeen(): boolean {
  return useSyncExternalStore(subscribe, read, () => false)
}
