import { createHmac, timingSafeEqual } from 'node:crypto'
import { EMAIL_KINDS, type EmailKind } from '@contract/email-preferences'

// Issue 46: a mail's one-click unsubscribe link works without signing in (RFC 8058), so it
// carries who and which kind of mail, signed: a forged or altered one is refused. It does not
// expire (a mail read months later still unsubscribes) and does nothing but turn that kind off.

const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64url')
const signature = (key: string, body: string) =>
  createHmac('sha256', key).update(`unsubscribe:${body}`).digest('base64url')

export function unsubscribeToken(key: string, userId: string, kind: EmailKind): string {
  const body = b64(`${userId}:${kind}`)
  return `${body}.${signature(key, body)}`
}

/** Who and which kind the token names, or null when it is not one this server signed. */
export function readUnsubscribeToken(
  key: string,
  token: string,
): { userId: string; kind: EmailKind } | null {
  const [body, given, ...rest] = token.split('.')
  if (!body || !given || rest.length > 0) return null
  const expected = Buffer.from(signature(key, body))
  const actual = Buffer.from(given)
  if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) return null
  const [userId, kind, ...more] = Buffer.from(body, 'base64url').toString('utf8').split(':')
  if (!userId || more.length > 0 || !EMAIL_KINDS.includes(kind as EmailKind)) return null
  return { userId, kind: kind as EmailKind }
}
