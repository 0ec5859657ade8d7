import { useSyncExternalStore } from 'react'
import { browserNetwork } from '@/lib/network'

// Stable functions: React subscribes again whenever `subscribe` changes identity.
const subscribe = (onChange: () => void) => browserNetwork.onChange(onChange)
const online = () => browserNetwork.online()

/** The browser's own view: false means no network at all (a false true is lie-fi, see below). */
export function useOnlineStatus(): boolean {
  return useSyncExternalStore(subscribe, online, () => true)
}
