import type { Mail, Mailer } from './mailer'

/** Sends started at once beyond the rate (a slow SMTP answer does not stall the queue). */
const IN_FLIGHT = 4

interface Waiting {
  mail: Mail
  done: (error?: unknown) => void
}

export interface QueuedMailer extends Mailer {
  /** Mails waiting for their turn (a gauge for the operator). */
  waiting(): number
}

/**
 * Issue 46: at most `perSecond` mails a second reach the mail server, so a digest to 10,000
 * members does not trip the provider's limits. A token bucket holding a second's worth lets a
 * quiet moment's mail go at once; mail a member waits for (a reset link) goes before bulk mail
 * (Mail.bulk). Each `send` resolves when its mail was handed over, so the events mechanism
 * still retries a failed one. The limit is per process: with several dispatching processes,
 * give each its share (docs/mail.md). `perSecond` 0: no limit.
 */
export function queuedMailer(
  mailer: Mailer,
  options: { perSecond: number; clock?: () => number },
): QueuedMailer {
  const { perSecond } = options
  const clock = options.clock ?? (() => performance.now())
  if (perSecond <= 0) return { send: (mail) => mailer.send(mail), waiting: () => 0 }
  const urgent: Waiting[] = []
  const bulk: Waiting[] = []
  let tokens = perSecond
  let filledAt = clock()
  let inFlight = 0
  let timer: NodeJS.Timeout | null = null

  const refill = () => {
    const at = clock()
    tokens = Math.min(perSecond, tokens + ((at - filledAt) / 1000) * perSecond)
    filledAt = at
  }

  const kick = () => {
    if (timer === null) pump()
  }

  function pump() {
    timer = null
    refill()
    while (inFlight < IN_FLIGHT && tokens >= 1) {
      const next = urgent.shift() ?? bulk.shift()
      if (!next) return
      tokens -= 1
      inFlight += 1
      mailer.send(next.mail).then(
        () => next.done(),
        (error: unknown) => next.done(error ?? new Error('mail send failed')),
      )
    }
    if (urgent.length + bulk.length > 0 && inFlight < IN_FLIGHT)
      timer = setTimeout(pump, Math.ceil(((1 - tokens) / perSecond) * 1000))
  }

  return {
    waiting: () => urgent.length + bulk.length,
    send: (mail) =>
      new Promise<void>((resolve, reject) => {
        const item: Waiting = {
          mail,
          done: (error) => {
            inFlight -= 1
            if (error === undefined) resolve()
            else reject(error instanceof Error ? error : new Error(String(error)))
            kick()
          },
        }
        ;(mail.bulk ? bulk : urgent).push(item)
        kick()
      }),
  }
}
