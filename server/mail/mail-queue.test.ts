import { describe, expect, it } from 'vitest'
import type { Mail } from './mailer'
import { queuedMailer } from './mail-queue'

// Issue 46: mail reaches the server at the configured rate, urgent mail before bulk mail.
const mail = (subject: string, bulk = false): Mail => ({
  to: 'a@example.org',
  subject,
  text: subject,
  html: subject,
  links: [],
  ...(bulk ? { bulk } : {}),
})

describe('the mail queue', () => {
  it('hands over no more than the rate, and urgent mail first', async () => {
    const sent: { subject: string; at: number }[] = []
    const start = performance.now()
    const queue = queuedMailer(
      {
        send: async (m) => {
          sent.push({ subject: m.subject, at: performance.now() - start })
        },
      },
      { perSecond: 20 },
    )
    const all = [
      ...Array.from({ length: 30 }, (_, i) => queue.send(mail(`digest ${i}`, true))),
      queue.send(mail('reset link')),
    ]
    expect(queue.waiting()).toBeGreaterThan(0)
    await Promise.all(all)
    // A second's worth goes at once; the next ten wait their turn at 20 a second.
    expect(sent.at(-1)!.at).toBeGreaterThanOrEqual(400)
    const reset = sent.findIndex((entry) => entry.subject === 'reset link')
    expect(reset).toBeLessThanOrEqual(21)
    expect(queue.waiting()).toBe(0)
  })

  it('passes a failed send back to its caller, and goes on', async () => {
    const queue = queuedMailer(
      {
        send: async (m) => {
          if (m.subject === 'bad') throw new Error('421 try later')
        },
      },
      { perSecond: 5 },
    )
    await expect(queue.send(mail('bad'))).rejects.toThrow('421 try later')
    await expect(queue.send(mail('good'))).resolves.toBeUndefined()
  })
})
