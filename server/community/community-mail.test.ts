import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../tests/helpers/test-app'
import { call } from '../../tests/helpers/call'
import { mailsTo } from '../../tests/helpers/mailbox'
import { createUser, signIn } from '../../tests/helpers/users'
import { sender } from '../mail/smtp-mailer'

// Issue 38: a member's mail comes from their community, by name, in its words and signature.
let t: TestApp

beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

describe('mail from the community', () => {
  it('names the community as sender, in its words and in its signature', async () => {
    const admin = await signIn(t.app, await createUser(t.db, { roles: ['member', 'admin'] }))
    await call(t.app, admin, 'PUT', '/api/v1/admin/community', { name: 'St Mary’s & Friends' })
    const member = await createUser(t.db)
    await t.app.inject({
      method: 'POST',
      url: '/auth/forgot-password',
      payload: { email: member.email },
    })
    const [mail] = await mailsTo(t.app, member.email)
    expect(mail!.fromName).toBe('St Mary’s & Friends')
    expect(mail!.text).toContain('your St Mary’s & Friends account')
    expect(mail!.text).toContain('The St Mary’s & Friends team')
    expect(mail!.html).toContain('The St Mary’s &#38; Friends team')
    expect(`${mail!.subject}${mail!.text}${mail!.html}`).not.toContain('Prayer Community')
  })

  it('sends it over SMTP under the community’s name at MAIL_FROM’s address', () => {
    const from = 'Prayer Community <no-reply@parish.test>'
    expect(sender(from, 'St Mary’s, Rome')).toEqual({
      name: 'St Mary’s, Rome',
      address: 'no-reply@parish.test',
    })
    expect(sender('no-reply@parish.test', 'St Mary’s')).toEqual({
      name: 'St Mary’s',
      address: 'no-reply@parish.test',
    })
    expect(sender(from, undefined)).toBe(from)
  })
})
