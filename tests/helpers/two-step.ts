import { Secret, TOTP } from 'otpauth'
import type { App } from '../../server/app'
import { sessionCookieName } from '../../server/auth/session-cookie'

// Issue 39: a moderator's or admin's rights need a session that proved two factors. Tests get one
// the way the person would: turning two-step sign-in on through the account calls with a code
// their app would show, and on later sign-ins answering POST /auth/second-factor. Nothing here
// writes the database behind the server's back.

const PERIOD_MS = 30_000

interface Enrolment {
  secret: string
  /** The last 30-second step a code was sent for: the server takes each step once. */
  lastStep: number
  recoveryCodes: string[]
}

// Keyed by user id (unique across every test database): a user enrolled once signs in again
// with codes from the same secret, wherever the test reaches the server from.
const enrolments = new Map<string, Enrolment>()

/** The code an authenticator app shows for `secret` during the 30-second step `step`. */
export function totpCode(secret: string, step: number): string {
  return new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({
    timestamp: step * PERIOD_MS,
  })
}

export function stepAt(at: Date): number {
  return Math.floor(at.getTime() / PERIOD_MS)
}

function cookieFrom(app: App, setCookie: string | string[] | undefined): string {
  const name = sessionCookieName(app.deps.config)
  const line = [setCookie ?? []].flat().find((value) => value.startsWith(`${name}=`))
  if (!line) throw new Error('the call set no session cookie')
  return line.split(';')[0]!
}

async function post(app: App, cookie: string, url: string, payload?: object) {
  const answer = await app.inject({
    method: 'POST',
    url,
    headers: { cookie },
    ...(payload ? { payload } : {}),
  })
  if (answer.statusCode >= 300)
    throw new Error(`${url} answered ${answer.statusCode}: ${answer.body}`)
  return answer
}

/** Turns two-step sign-in on from a signed-in session; answers the session that proved it. */
export async function turnOnTwoStep(app: App, userId: string, cookie: string): Promise<string> {
  const setup = await post(app, cookie, '/api/v1/users/me/totp')
  const { secret } = setup.json<{ secret: string }>()
  const step = stepAt(app.deps.now())
  const confirmed = await post(app, cookie, '/api/v1/users/me/totp/confirm', {
    code: totpCode(secret, step),
  })
  const { recovery_codes: recoveryCodes } = confirmed.json<{ recovery_codes: string[] }>()
  enrolments.set(userId, { secret, lastStep: step, recoveryCodes })
  return cookieFrom(app, confirmed.headers['set-cookie'])
}

/**
 * Finishes a sign-in that waits for the second factor: a code for the earliest step the server
 * still takes (one either side of now), or, when the clock has not moved on enough (a test's
 * fixed clock), one of the recovery codes.
 */
async function answerSecondFactor(app: App, enrolment: Enrolment, cookie: string) {
  const now = stepAt(app.deps.now())
  const step = Math.max(now - 1, enrolment.lastStep + 1)
  let payload: object
  if (step <= now + 1) {
    enrolment.lastStep = step
    payload = { code: totpCode(enrolment.secret, step) }
  } else {
    const recovery = enrolment.recoveryCodes.shift()
    if (!recovery) throw new Error('this staff member signed in too often for one clock step')
    payload = { recovery_code: recovery }
  }
  const answer = await post(app, cookie, '/auth/second-factor', payload)
  return cookieFrom(app, answer.headers['set-cookie'])
}

/**
 * A staff member's session with two factors, from one that knows only the password: their first
 * sign-in turns two-step on, later ones answer the second step.
 */
export async function withSecondFactor(app: App, userId: string, cookie: string) {
  const enrolment = enrolments.get(userId)
  return enrolment ? answerSecondFactor(app, enrolment, cookie) : turnOnTwoStep(app, userId, cookie)
}
