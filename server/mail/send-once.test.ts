import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mailsTo } from '../../tests/helpers/mailbox'
import { createTestApp, type TestApp } from '../../tests/helpers/test-app'
import { createUser } from '../../tests/helpers/users'
import { domainEventsTable } from '../events/events.table'
import type { Mail } from './mailer'
import { messageIdOf, sendMailOnce } from './send-once'

// Issue 39, mail that must arrive: a failed send fails the delivery (so it is retried), a
// repeated delivery sends nothing twice, and every try of one mail carries one Message-ID.

let t: TestApp
const sent: Mail[] = []
let failuresLeft = 0
beforeAll(async () => {
  t = await createTestApp({ eventRetryDelaysMs: [20, 20, 20, 20] })
  const mailer = t.app.mailer
  const send = mailer.send.bind(mailer)
  mailer.send = async (mail) => {
    if (failuresLeft > 0) {
      failuresLeft -= 1
      throw new Error('mail server unavailable')
    }
    sent.push(mail)
    await send(mail)
  }
})
afterAll(() => t.close())

async function recordedEventId() {
  const [row] = await t.db
    .insert(domainEventsTable)
    .values({ type: 'JobDue', payload: {}, occurredAt: new Date(), fannedOut: true })
    .returning({ id: domainEventsTable.id })
  return row!.id
}

const mail = (to: string): Mail => ({
  to,
  subject: 'Hello',
  text: 'Hi',
  html: '<p>Hi</p>',
  links: [],
})

describe('sendMailOnce', () => {
  it('sends a mail once per event and kind, under a Message-ID of both', async () => {
    const eventId = await recordedEventId()
    const to = 'once@example.test'
    expect(await sendMailOnce(t.app, eventId, 'new_device', async () => mail(to))).toBe(true)
    expect(await sendMailOnce(t.app, eventId, 'new_device', async () => mail(to))).toBe(false)
    expect(await sendMailOnce(t.app, eventId, 'password_changed', async () => mail(to))).toBe(true)
    expect(await mailsTo(t.app, to)).toHaveLength(2)
    const ids = sent.filter((one) => one.to === to).map((one) => one.messageId)
    expect(ids).toEqual([
      messageIdOf(eventId, 'new_device', t.app.deps.config.publicUrl),
      messageIdOf(eventId, 'password_changed', t.app.deps.config.publicUrl),
    ])
    expect(ids[0]).toMatch(new RegExp(`^<${eventId}\\.new_device@[^>]+>$`))
  })

  it('fails when the send fails, records nothing, and sends on the next try', async () => {
    const eventId = await recordedEventId()
    const to = 'retry@example.test'
    failuresLeft = 1
    await expect(sendMailOnce(t.app, eventId, 'new_device', async () => mail(to))).rejects.toThrow(
      'mail server unavailable',
    )
    expect(await mailsTo(t.app, to)).toEqual([])
    expect(await sendMailOnce(t.app, eventId, 'new_device', async () => mail(to))).toBe(true)
    expect(await mailsTo(t.app, to)).toHaveLength(1)
  })
})

describe('a reset mail whose send fails', () => {
  it('is sent by the retried delivery, once, with a link that works', async () => {
    const user = await createUser(t.db)
    failuresLeft = 2
    const asked = await t.app.inject({
      method: 'POST',
      url: '/auth/forgot-password',
      payload: { email: user.email },
    })
    expect(asked.statusCode).toBe(202)
    await expect
      .poll(async () => (await mailsTo(t.app, user.email)).length, { timeout: 5_000 })
      .toBe(1)
    expect(failuresLeft).toBe(0)
    await t.app.events.drain()
    expect(await mailsTo(t.app, user.email)).toHaveLength(1)
    const [reset] = await mailsTo(t.app, user.email)
    const link = new URL(reset!.links[0]!)
    const token = link.searchParams.get('token')!
    const valid = await t.app.inject({
      method: 'GET',
      url: `/auth/reset-password/validate?token=${encodeURIComponent(token)}`,
    })
    expect(valid.statusCode).toBe(204)
  })
})
