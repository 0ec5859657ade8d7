import { and, eq, isNull } from 'drizzle-orm'
import { afterAll, describe, expect, it } from 'vitest'
import { createUser } from '../../tests/helpers/users'
import { databaseForChildren } from '../events/testing/child-database'
import { freePort, startServer, type ChildServer } from '../events/testing/child-server'
import { eventDeliveriesTable } from '../events/events.table'
import { sentMailsTable } from './sent-mails.table'
import { startSmtpSink, type SmtpSink } from './testing/smtp-sink'

// Issue 39: mail that must arrive is delivered once after a crash between the commit and the
// send. The real server runs as a child with SMTP_URL at a local sink; the sink holds the
// connection the mail is sent on (the write committed, its mail not yet accepted) and the test
// kills the server there with SIGKILL. A new server on the same database delivers it: the
// mailbox has exactly one mail, and its link works. PGlite on disk, or PostgreSQL when
// TEST_DATABASE_URL is set. A killed delivery waits out its 60 s lease before it is repeated.

const children: ChildServer[] = []
const cleanups: (() => unknown)[] = []
afterAll(async () => {
  for (const { child } of children) if (child.exitCode === null) child.kill('SIGKILL')
  for (const cleanup of cleanups) await cleanup()
})

const METRICS_TOKEN = 'mail-crash-test-metrics-token'

async function backlogOf(url: string) {
  const response = await fetch(`${url}/metrics`, {
    headers: { authorization: `Bearer ${METRICS_TOKEN}` },
  })
  const text = await response.text()
  return Number(/^event_dispatch_backlog_seconds (\S+)$/m.exec(text)?.[1] ?? Number.NaN)
}

const post = (url: string, path: string, body: object) =>
  fetch(`${url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })

/** The link the mail carries (quoted-printable soft breaks and `=3D` undone). */
function linkIn(data: string, path: string) {
  const text = data.replace(/=\r\n/g, '').replace(/=3D/g, '=')
  const match = new RegExp(`https?://[^\\s"<>]*${path}\\?token=[^\\s"<>]+`).exec(text)
  if (!match) throw new Error(`no ${path} link in the mail`)
  return new URL(match[0])
}

interface Case {
  mail: string
  /** Sets the account up in the database before any server runs; answers the address. */
  prepare(db: Awaited<ReturnType<typeof databaseForChildren>>['handle']['db']): Promise<string>
  /** The request whose committed write owes the mail. */
  ask(url: string, email: string): Promise<Response>
  subject: RegExp
  /** Follows the mailed link on the second server: true when it works. */
  followLink(url: string, data: string): Promise<boolean>
}

const PASSWORD = 'Quiet-morning-42'
const cases: Case[] = [
  {
    mail: 'the sign-up verification mail',
    prepare: async () => `new-${Date.now()}@example.test`,
    ask: (url, email) =>
      post(url, '/auth/signup', {
        email,
        password: PASSWORD,
        confirmPassword: PASSWORD,
        acceptTerms: true,
      }),
    subject: /confirm your email/i,
    async followLink(url, data) {
      const link = linkIn(data, '/auth/verify-email')
      const response = await fetch(`${url}${link.pathname}${link.search}`, { redirect: 'manual' })
      return response.headers.get('location') === '/verify-email/result?verified=1'
    },
  },
  {
    mail: 'the password reset mail',
    prepare: async (db) => (await createUser(db)).email,
    ask: (url, email) => post(url, '/auth/forgot-password', { email }),
    subject: /reset your password/i,
    async followLink(url, data) {
      const token = linkIn(data, '/reset-password').searchParams.get('token') ?? ''
      const response = await fetch(
        `${url}/auth/reset-password/validate?token=${encodeURIComponent(token)}`,
      )
      return response.status === 204
    },
  },
]

describe('a server killed after committing a write that owes a mail, before the mail is sent', () => {
  it.each(cases)(
    'delivers $mail exactly once after a restart',
    async ({ prepare, ask, subject, followLink }) => {
      const database = await databaseForChildren()
      cleanups.push(database.remove)
      const email = await prepare(database.handle.db)
      // PGlite is one process's database: the test lets go of it while the servers run.
      if (database.handle.driver === 'pglite') await database.handle.close()
      const sink: SmtpSink = await startSmtpSink()
      cleanups.push(() => sink.close())
      const env = {
        ...database.env,
        METRICS_TOKEN,
        SMTP_URL: `smtp://127.0.0.1:${sink.port}`,
      }
      const port = await freePort()

      const first = startServer(port, env)
      children.push(first)
      await first.ready
      const held = sink.hold()
      const asked = await ask(first.url, email)
      expect(asked.status, await asked.clone().text()).toBe(202)
      // The mail's connection is open and unanswered: the write committed, nothing was sent.
      await held
      first.child.kill('SIGKILL')
      await first.exited
      expect(sink.received).toEqual([])
      sink.release()

      const second = startServer(port, env)
      children.push(second)
      await second.ready
      const mailsTo = () => sink.received.filter((mail) => mail.to.includes(email))
      await expect.poll(() => mailsTo().length, { timeout: 90_000, interval: 250 }).toBe(1)
      // Every delivery is done, and nothing sent a second copy.
      await expect.poll(() => backlogOf(second.url), { timeout: 20_000, interval: 100 }).toBe(0)
      const [mail] = mailsTo()
      expect(mail?.subject).toMatch(subject)
      expect(mail?.messageId).toMatch(/^<[0-9a-f-]{36}\.[a-z_]+@127\.0\.0\.1>$/)
      expect(await followLink(second.url, mail!.data)).toBe(true)
      second.child.kill('SIGTERM')
      expect(await second.exited).toBe(0)
      expect(mailsTo()).toHaveLength(1)

      const after = await database.reopen()
      try {
        expect(await after.db.select().from(sentMailsTable)).toHaveLength(1)
        const undone = await after.db
          .select()
          .from(eventDeliveriesTable)
          .where(
            and(
              isNull(eventDeliveriesTable.doneAt),
              eq(eventDeliveriesTable.subscriber, 'auth-mail'),
            ),
          )
        expect(undone).toEqual([])
      } finally {
        await after.close()
      }
    },
    180_000,
  )
})
