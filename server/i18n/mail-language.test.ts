import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { call } from '../../tests/helpers/call'
import { mailsTo } from '../../tests/helpers/mailbox'
import { createTestApp, type TestApp } from '../../tests/helpers/test-app'
import { createUser, signIn } from '../../tests/helpers/users'
import { usersTable } from '../users/users.table'

// Issue 42: mail in the reader's language: the member's own choice, else the language of the
// request that asked for it (a visitor signing up), else the community's default, else English.
let t: TestApp
let n = 0

beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

const PASSWORD = 'Quiet-morning-42'
const signUp = (email: string, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/auth/signup',
    remoteAddress: `10.4.2.${++n}`,
    headers,
    payload: { email, password: PASSWORD, confirmPassword: PASSWORD, acceptTerms: true },
  })
const resend = (email: string) =>
  t.app.inject({
    method: 'POST',
    url: '/auth/resend-verification',
    remoteAddress: `10.4.3.${++n}`,
    payload: { email },
  })
const newest = async (email: string) => {
  const [mail] = await mailsTo(t.app, email)
  if (!mail) throw new Error(`no mail to ${email}`)
  return mail
}
const chooses = (userId: string, language: string) =>
  t.db.update(usersTable).set({ language }).where(eq(usersTable.id, userId))

describe('mail in the reader’s language', () => {
  it('mails a visitor who signs up from a Spanish browser their verification in Spanish', async () => {
    const email = `hermana-${n}@example.test`
    expect((await signUp(email, { 'accept-language': 'es-MX,es;q=0.9,en;q=0.5' })).statusCode).toBe(
      202,
    )
    const mail = await newest(email)
    expect(mail.subject).toBe('Confirma tu correo electrónico')
    expect(mail.text).toContain('Confirma tu dirección de correo electrónico para poder compartir')
    expect(mail.text).toContain(
      'Confirmar mi correo:\nhttp://localhost:3000/auth/verify-email?token=',
    )
    expect(mail.text).toContain('Contigo en oración,\nEl equipo de Prayer Community')
    expect(mail.html).toContain('>Confirmar mi correo</a>')
    expect(mail.html).not.toContain('dir="rtl"')
  })

  it('mails a member who chose Spanish in Spanish, whatever the request’s language', async () => {
    const user = await createUser(t.db, { emailVerified: false })
    await chooses(user.id, 'es')
    expect((await resend(user.email)).statusCode).toBe(202)
    expect((await newest(user.email)).subject).toBe('Confirma tu correo electrónico')
  })

  it('lays Arabic mail out right to left', async () => {
    const user = await createUser(t.db, { emailVerified: false })
    await chooses(user.id, 'ar')
    await resend(user.email)
    const mail = await newest(user.email)
    expect(mail.subject).toBe('يرجى تأكيد بريدك الإلكتروني')
    expect(mail.html).toMatch(/^<div dir="rtl" lang="ar">\n<p>/)
    expect(mail.text).toContain('معك في الصلاة،')
  })

  it('keeps English as it was for a browser that asks for no language the app speaks', async () => {
    const email = `visitor-${n}@example.test`
    await signUp(email, { 'accept-language': 'de-DE,de;q=0.9' })
    const mail = await newest(email)
    expect(mail.subject).toBe('Please confirm your email')
    expect(mail.text).toContain('With you in prayer,\nThe Prayer Community team')
  })

  it('mails in the community’s default language when neither the member nor the request says', async () => {
    const admin = await signIn(t.app, await createUser(t.db, { roles: ['member', 'admin'] }))
    const saved = await call(t.app, admin, 'PUT', '/api/v1/admin/community', {
      default_language: 'pt-BR',
    })
    expect(saved.statusCode, saved.body).toBe(200)
    try {
      const email = `visitante-${n}@example.test`
      await signUp(email)
      expect((await newest(email)).subject).toBe('Confirme seu e-mail')
      // The request's language still wins over the community's.
      const other = `visiteur-${n}@example.test`
      await signUp(other, { 'accept-language': 'fr-CA' })
      expect((await newest(other)).subject).toBe('Veuillez confirmer votre adresse e-mail')
    } finally {
      await call(t.app, admin, 'PUT', '/api/v1/admin/community', { default_language: 'en' })
    }
  })

  it('refuses a default language the app does not speak', async () => {
    const admin = await signIn(t.app, await createUser(t.db, { roles: ['member', 'admin'] }))
    const refused = await call(t.app, admin, 'PUT', '/api/v1/admin/community', {
      default_language: 'de',
    })
    expect(refused.statusCode).toBe(400)
    expect(refused.json().errors).toEqual([expect.objectContaining({ field: 'default_language' })])
  })
})
