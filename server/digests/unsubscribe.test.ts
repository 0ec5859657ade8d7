import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { EmailPreferences } from '@contract/email-preferences'
import { createTestApp, type TestApp } from '../../tests/helpers/test-app'
import { mailsTo } from '../../tests/helpers/mailbox'
import { createUser, signIn, type TestUser } from '../../tests/helpers/users'
import { postIntention } from '../../tests/helpers/wall'
import { write } from '../../tests/helpers/notifications-api'
import { BOUNCES_PATH } from './mail-bounces.routes'

// Issue 46: one-click unsubscribe (RFC 8058), activity mailed at once, and the bounce webhook.
const SECRET = 'a-webhook-secret-of-some-length'
let test: TestApp
let author: TestUser
let friend: TestUser
let authorCookie: string

const settings = async (cookie: string): Promise<EmailPreferences> => {
  const response = await test.app.inject({
    method: 'GET',
    url: '/api/v1/users/me/notification-settings',
    headers: { cookie },
  })
  return (response.json() as { email: EmailPreferences }).email
}

const choose = (cookie: string, email: EmailPreferences) =>
  write(test.app, cookie, 'PUT', '/api/v1/users/me/notification-settings', {
    push: {},
    quiet_hours: null,
    previews: true,
    email,
  })

const ALL_ON: EmailPreferences = {
  activity: 'instant',
  weekly_digest: true,
  reminders: true,
  rooms: true,
}

beforeAll(async () => {
  test = await createTestApp({ env: { MAIL_WEBHOOK_SECRET: SECRET } })
  author = await createUser(test.db, { displayName: 'Author Ada' })
  friend = await createUser(test.db, { displayName: 'Friend Finn' })
  authorCookie = await signIn(test.app, author)
})
afterAll(() => test.close())

describe('activity mailed at once', () => {
  it('mails a prayer on my request once, with its unsubscribe link', async () => {
    expect((await choose(authorCookie, ALL_ON)).statusCode).toBe(200)
    expect(await settings(authorCookie)).toEqual(ALL_ON)
    const { intention_id: id } = await postIntention(test.app, authorCookie)
    await write(test.app, await signIn(test.app, friend), 'POST', `/api/v1/intentions/${id}/pray`)
    const mails = await mailsTo(test.app, author.email)
    expect(mails.map((mail) => mail.subject)).toEqual(['Friend Finn prayed for you'])
    expect(mails[0]!.links[0]).toBe(`http://localhost:3000/prayerwall?highlight=${id}`)
  })

  it('keeps the mail preferences when a PUT leaves them out', async () => {
    await write(test.app, authorCookie, 'PUT', '/api/v1/users/me/notification-settings', {
      push: {},
      quiet_hours: null,
      previews: false,
    })
    expect(await settings(authorCookie)).toEqual(ALL_ON)
  })
})

describe('one-click unsubscribe', () => {
  const unsubscribeUrl = async () => {
    const [mail] = await mailsTo(test.app, author.email)
    return new URL(/^<(.+)>$/.exec(mail!.headers['List-Unsubscribe']!)![1]!)
  }

  it('shows a page with a button on GET, changing nothing (link scanners open links)', async () => {
    const url = await unsubscribeUrl()
    const page = await test.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` })
    expect(page.statusCode).toBe(200)
    expect(page.headers['content-type']).toContain('text/html')
    expect(page.body).toContain('Stop sending me “Activity on your prayer requests”?')
    expect(page.body).toContain('<form method="post"')
    expect(await settings(authorCookie)).toEqual(ALL_ON)
  })

  it('refuses a forged or altered token and changes nothing', async () => {
    const url = await unsubscribeUrl()
    const token = url.searchParams.get('token')!
    const [body, signature] = token.split('.')
    const otherKind = Buffer.from(`${author.id}:weekly_digest`).toString('base64url')
    for (const forged of [
      `${otherKind}.${signature}`,
      `${body}.${signature!.slice(1)}A`,
      `${body}.`,
      'nonsense',
    ]) {
      const response = await test.app.inject({
        method: 'POST',
        url: `/api/v1/mail/unsubscribe?token=${encodeURIComponent(forged)}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      })
      expect(response.statusCode, forged).toBe(400)
      const page = await test.app.inject({
        method: 'GET',
        url: `/api/v1/mail/unsubscribe?token=${encodeURIComponent(forged)}`,
      })
      expect(page.statusCode, forged).toBe(400)
      expect(page.body).toContain('This link is not valid.')
    }
    expect(await settings(authorCookie)).toEqual(ALL_ON)
  })

  it('turns off exactly that kind on a mail reader’s POST, without signing in', async () => {
    const url = await unsubscribeUrl()
    const response = await test.app.inject({
      method: 'POST',
      url: `${url.pathname}${url.search}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    })
    expect(response.statusCode).toBe(200)
    expect(response.body).toContain(
      'Done: you will no longer get “Activity on your prayer requests”.',
    )
    expect(await settings(authorCookie)).toEqual({ ...ALL_ON, activity: 'never' })
  })
})

describe('the bounce and complaint webhook', () => {
  const report = (authorization: string | undefined, email: string) =>
    test.app.inject({
      method: 'POST',
      url: BOUNCES_PATH,
      headers: authorization ? { authorization } : {},
      payload: { type: 'complaint', email },
    })

  it('refuses a call without the secret or with a wrong one', async () => {
    await choose(authorCookie, ALL_ON)
    expect((await report(undefined, author.email)).statusCode).toBe(401)
    expect((await report('Bearer not-the-secret-at-all!!', author.email)).statusCode).toBe(401)
    expect(await settings(authorCookie)).toEqual(ALL_ON)
  })

  it('turns every optional mail off for the address with the secret, 204 either way', async () => {
    expect((await report(`Bearer ${SECRET}`, author.email.toUpperCase())).statusCode).toBe(204)
    expect((await report(`Bearer ${SECRET}`, 'nobody@example.org')).statusCode).toBe(204)
    expect(await settings(authorCookie)).toEqual({
      activity: 'never',
      weekly_digest: false,
      reminders: false,
      rooms: false,
    })
  })

  it('does not exist without a configured secret', async () => {
    const bare = await createTestApp({ database: test.database })
    const response = await bare.app.inject({
      method: 'POST',
      url: BOUNCES_PATH,
      payload: { type: 'bounce', email: author.email },
    })
    expect(response.statusCode).toBe(404)
    await bare.close()
  })
})
