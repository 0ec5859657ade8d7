import { Workbox } from 'workbox-window'

// 'activated': the new version already controls this page because it was accepted in another
// tab; this tab only has to reload.
export type UpdateStatus = 'current' | 'waiting' | 'activating' | 'activated'

/** The part of workbox-window's Workbox we use; tests pass a fake. */
export interface WorkboxPort {
  addEventListener(type: 'waiting' | 'controlling', listener: () => void): void
  messageSkipWaiting(): void
  register(): Promise<unknown>
}

export interface ServiceWorkerUpdates {
  subscribe(listener: () => void): () => void
  getStatus(): UpdateStatus
  /** Registers the service worker once; later calls do nothing. */
  start(): void
  /** Activates the waiting version; the page reloads once it controls the page. */
  applyUpdate(): void
}

export function createServiceWorkerUpdates(deps: {
  createWorkbox: () => WorkboxPort | null
  reload: () => void
}): ServiceWorkerUpdates {
  let status: UpdateStatus = 'current'
  let workbox: WorkboxPort | null = null
  let started = false
  const listeners = new Set<() => void>()

  function setStatus(next: UpdateStatus): void {
    status = next
    for (const listener of listeners) listener()
  }

  return {
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    getStatus: () => status,
    start() {
      if (started) return
      started = true
      workbox = deps.createWorkbox()
      if (!workbox) return
      workbox.addEventListener('waiting', () => setStatus('waiting'))
      workbox.addEventListener('controlling', () => {
        if (status === 'activating') deps.reload()
        else if (status === 'waiting') setStatus('activated')
      })
      workbox.register().catch((error: unknown) => {
        // Without a service worker the app still works online; only offline start is lost.
        console.warn('Service worker registration failed', error)
      })
    },
    applyUpdate() {
      if (status === 'activated') return deps.reload()
      if (status !== 'waiting' || !workbox) return
      setStatus('activating')
      workbox.messageSkipWaiting()
    },
  }
}

// We drive workbox-window directly rather than vite-plugin-pwa's `virtual:pwa-register/react`:
// a plain module is importable in Vitest (the virtual module exists only inside a Vite build)
// and the update flow stays visible here. sw.js is one bundle without imports, so it registers
// as a classic worker, which every browser with service workers supports. Dev builds register
// nothing, so the dev server never serves stale precached code.
export function createAppWorkbox(): WorkboxPort | null {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return null
  return new Workbox('/sw.js', { scope: '/' })
}

export const serviceWorkerUpdates = createServiceWorkerUpdates({
  createWorkbox: createAppWorkbox,
  reload: () => window.location.reload(),
})
