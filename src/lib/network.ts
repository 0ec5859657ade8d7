/** The browser's view of the network: false means no network at all (true may be lie-fi). */
export interface Network {
  online(): boolean
  /** Calls `listener` when the network comes or goes; returns the unsubscribe function. */
  onChange(listener: () => void): () => void
}

export const browserNetwork: Network = {
  online: () => navigator.onLine,
  onChange(listener) {
    window.addEventListener('online', listener)
    window.addEventListener('offline', listener)
    return () => {
      window.removeEventListener('online', listener)
      window.removeEventListener('offline', listener)
    }
  },
}

/**
 * How long the network has to be back before the app uses it again. Chromium (emulated offline,
 * and phones leaving a tunnel alike) announces `online` a moment before its requests go out:
 * a request sent at once failed on the closed network, logged as an error.
 */
export const NETWORK_SETTLE_MS = 1_000
