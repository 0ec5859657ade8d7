import { type ApiSource, SwMessage } from '@contract/service-worker'

// Where the service worker took its last API answer for this page (sw/runtime-cache.ts): the
// network, or the member's cache when the network failed or was too slow. Read by the offline
// indicator; one listener for the whole page.

let last: ApiSource = 'network'
const listeners = new Set<() => void>()

function isApiSourceMessage(data: unknown): data is { source: ApiSource } {
  const message = data as { type?: unknown; source?: unknown } | null
  return (
    message?.type === SwMessage.apiSource &&
    (message.source === 'cache' || message.source === 'network')
  )
}

function receive(event: MessageEvent): void {
  if (!isApiSourceMessage(event.data) || event.data.source === last) return
  last = event.data.source
  for (const listener of listeners) listener()
}

export const apiSource = {
  subscribe(listener: () => void): () => void {
    if (listeners.size === 0 && 'serviceWorker' in navigator) {
      navigator.serviceWorker.addEventListener('message', receive)
      // Messages wait in a queue until the page says it listens.
      navigator.serviceWorker.startMessages()
    }
    listeners.add(listener)
    return () => {
      listeners.delete(listener)
      if (listeners.size === 0 && 'serviceWorker' in navigator)
        navigator.serviceWorker.removeEventListener('message', receive)
    }
  },
  get: (): ApiSource => last,
}
