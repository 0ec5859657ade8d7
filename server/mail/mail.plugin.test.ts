import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pino from 'pino'
import { describe, expect, it } from 'vitest'
import { createTestApp } from '../../tests/helpers/test-app'
import { createTestDatabase } from '../../tests/helpers/test-db'
import { createDevMailbox } from './dev-mailbox'
import { resetPasswordMail, verificationMail } from './templates'

describe('the dev mailbox', () => {
  it('lists mails newest first at GET /__dev/mail with their links', async () => {
    const t = await createTestApp()
    try {
      await t.app.mailer.send(
        verificationMail('en', 'ann@example.test', 'http://localhost:3000', 'tok1'),
      )
      await t.app.mailer.send(
        resetPasswordMail('en', 'ann@example.test', 'http://localhost:3000', 'tok2'),
      )
      const mails = (await t.app.inject({ method: 'GET', url: '/__dev/mail' })).json()
      expect(mails.map((mail: { subject: string }) => mail.subject)).toEqual([
        'Reset your password',
        'Please confirm your email',
      ])
      expect(mails[1].links).toEqual(['http://localhost:3000/auth/verify-email?token=tok1'])
      expect(mails[0].text).toContain('http://localhost:3000/reset-password?token=tok2')
      expect(mails[0].html).toContain('href="http://localhost:3000/reset-password?token=tok2"')
    } finally {
      await t.close()
    }
  })

  it('keeps mail in DATA_DIR/mailbox.json so it survives a restart', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'mailbox-')), 'mailbox.json')
    const options = {
      file,
      announce: false,
      logger: pino({ level: 'silent' }),
      now: () => new Date('2026-03-01T10:00:00Z'),
    }
    await createDevMailbox(options).send(
      verificationMail('en', 'ann@example.test', 'http://x.test', 'tok'),
    )
    expect(JSON.parse(readFileSync(file, 'utf8'))).toHaveLength(1)
    expect(createDevMailbox(options).list()[0]).toMatchObject({
      to: 'ann@example.test',
      sentAt: '2026-03-01T10:00:00.000Z',
    })
  })

  it('is not served when SMTP_URL sends real mail', async () => {
    const t = await createTestApp({ env: { SMTP_URL: 'smtp://127.0.0.1:2525' } })
    try {
      expect((await t.app.inject({ method: 'GET', url: '/__dev/mail' })).statusCode).toBe(404)
    } finally {
      await t.close()
    }
  })

  it('refuses to start in production without SMTP_URL, rather than lose reset mails', async () => {
    const database = await createTestDatabase()
    try {
      await expect(createTestApp({ database, env: { APP_ENV: 'production' } })).rejects.toThrow(
        'SMTP_URL is required in production',
      )
    } finally {
      await database.close()
    }
  }, 60_000)
})
