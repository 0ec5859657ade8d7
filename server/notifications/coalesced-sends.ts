// Issue 45 ("a whole community at once"): every pray or Amen used to send a CounterUpdate to
// every watcher of the prayer, 400–540k hub messages a 20 s step at 2,000 members. A count
// matters only as its latest value, so each key (a prayer) sends at most once per window on
// this process: at once when its window was idle (leading edge, no added delay), then once at
// the window's end if anything moved meanwhile (trailing edge, always sent, so no client ends on
// stale numbers). after-deliveries.ts already folds one lane batch's calls; this folds batches.

export interface CoalescedSends {
  /**
   * `send(key)` now when `key`'s window is idle (resolving when sent: its failure is the
   * caller's), else once when the window ends, however many calls came in it.
   */
  request(key: string): Promise<void>
  /** Stops every window: what was still due is sent now, and nothing after. */
  close(): Promise<void>
}

interface Window {
  /** Ends the window opened by the last send; null once ended. */
  timer: NodeJS.Timeout | null
  /** A request came during the window: send once more when it ends. */
  due: boolean
  /** The key's sends, one after the other, so a later count never overtakes an earlier one. */
  chain: Promise<void>
  /** Sends started and not yet settled. */
  sending: number
}

export function coalescedSends(options: {
  /** 0 sends every request at once (no coalescing). */
  windowMs: number
  send: (key: string) => Promise<void>
  /** A trailing send failed (a leading one fails its request instead). */
  onError: (key: string, error: unknown) => void
}): CoalescedSends {
  const { windowMs, send, onError } = options
  const windows = new Map<string, Window>()
  let closed = false

  // The window opens when a send starts (or queues behind one still on its way: then the two go
  // back to back, the later reading the later counts), so a key sends once a window at most.
  const start = (key: string, window: Window): Promise<void> => {
    window.due = false
    window.timer = setTimeout(() => ended(key, window), windowMs)
    window.timer.unref()
    window.sending += 1
    const sent = window.chain.then(() => send(key))
    const settled = () => {
      window.sending -= 1
      forget(key, window)
    }
    window.chain = sent.then(settled, settled)
    return sent
  }

  const ended = (key: string, window: Window) => {
    window.timer = null
    if (window.due) start(key, window).catch((error: unknown) => onError(key, error))
    else forget(key, window)
  }

  // An idle key holds nothing: no timer, and no entry once its last send settled (until then a
  // new request chains behind it).
  const forget = (key: string, window: Window) => {
    if (window.timer !== null || window.due || window.sending > 0) return
    if (windows.get(key) === window) windows.delete(key)
  }

  return {
    async request(key) {
      if (closed) return
      if (windowMs <= 0) return send(key)
      const window = windows.get(key)
      if (window?.timer) {
        window.due = true
        return
      }
      if (window) return start(key, window)
      const opened: Window = { timer: null, due: false, chain: Promise.resolve(), sending: 0 }
      windows.set(key, opened)
      return start(key, opened)
    },
    async close() {
      closed = true
      const flushed: Promise<void>[] = []
      for (const [key, window] of windows) {
        if (window.timer) clearTimeout(window.timer)
        window.timer = null
        const wasDue = window.due
        window.due = false
        flushed.push(
          wasDue
            ? window.chain.then(() => send(key)).catch((error: unknown) => onError(key, error))
            : window.chain,
        )
      }
      windows.clear()
      await Promise.all(flushed)
    },
  }
}
