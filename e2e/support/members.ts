import type { APIRequestContext, Browser, BrowserContext, Page } from 'playwright/test'
import { collectConsoleErrors } from '../fixtures/console-errors'
import { expect } from '../fixtures/test'
import { claimStaffAddress } from './staff-addresses'
import { totpCodeNow } from './totp'

// Members for multi-user specs: each in a browser context of their own, signed up, verified,
// signed in and onboarded through the API (the screens for that are covered by accounts.spec.ts
// and onboarding.spec.ts), so a spec starts where its story starts.

export const PASSWORD = 'Quiet-Morning-2026'

export type Member = {
  context: BrowserContext
  page: Page
  email: string
  displayName: string
  /** Console errors of this member's context: a spec ends with `closeMembers`, which asserts none. */
  errors: string[]
}

type DevMail = { to: string; links: string[] }

/**
 * Each member browses from an address of their own, as real members do: the e2e server trusts
 * X-Forwarded-For from 127.0.0.1 (TRUST_PROXY in e2e/global-setup.ts), so the whole run's
 * sign-ups do not share one IP's hourly sign-up allowance. TEST-NET-2 addresses (RFC 5737).
 */
function memberContextOptions(baseURL: string) {
  const address = `198.51.100.${1 + Math.floor(Math.random() * 254)}`
  return { baseURL, extraHTTPHeaders: { 'X-Forwarded-For': address } }
}

/** The first link containing `path` in any mail to `email`, polled from the dev mailbox. */
export async function mailedLink(request: APIRequestContext, email: string, path: string) {
  let link: string | undefined
  await expect
    .poll(async () => {
      const mails = (await (await request.get('/__dev/mail')).json()) as DevMail[]
      link = mails
        .filter((mail) => mail.to === email)
        .flatMap((mail) => mail.links)
        .find((url) => url.includes(path))
      return link
    })
    .toBeTruthy()
  return link as string
}

/** A verified, onboarded member signed in in a browser of their own. */
export async function newMember(browser: Browser, baseURL: string, label: string): Promise<Member> {
  const email = `${label.toLowerCase()}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.org`
  const context = await browser.newContext(memberContextOptions(baseURL))
  const errors = memberErrors(context)
  const { request } = context
  await signUp(request, baseURL, email)
  const verified = await followVerifyLink(request, email)
  expect(verified, 'the mailed link verifies the address').toBe(true)
  await signIn(request, baseURL, email)
  const displayName = await saveProfile(request, baseURL, email, label)
  return { context, page: await context.newPage(), email, displayName, errors }
}

/** Signed up and signed in, onboarding not done: the app keeps them on /onboarding. */
export async function newNewcomer(browser: Browser, baseURL: string): Promise<Member> {
  const email = `newcomer-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.org`
  const context = await browser.newContext(memberContextOptions(baseURL))
  const errors = memberErrors(context)
  await signUp(context.request, baseURL, email)
  await signIn(context.request, baseURL, email)
  return { context, page: await context.newPage(), email, displayName: '', errors }
}

/**
 * A moderator, signed up on an address the e2e server makes a moderator (e2e/support/
 * staff-addresses.ts), who turned two-step sign-in on through the account calls as a person
 * would, with the code their app would show: a staff session needs two factors (issue 39).
 */
export function newModerator(browser: Browser, baseURL: string): Promise<Member> {
  return newStaffMember(browser, baseURL, claimStaffAddress('moderator'), 'Mod')
}

/** Like newModerator, as an admin (audit log, roles screen). */
export function newAdmin(browser: Browser, baseURL: string): Promise<Member> {
  return newStaffMember(browser, baseURL, claimStaffAddress('admin'), 'Admin')
}

async function newStaffMember(
  browser: Browser,
  baseURL: string,
  email: string,
  label: string,
): Promise<Member> {
  const context = await browser.newContext(memberContextOptions(baseURL))
  const errors = memberErrors(context)
  const { request } = context
  await signUp(request, baseURL, email)
  expect(await followVerifyLink(request, email), 'the mailed link verifies the address').toBe(true)
  await signIn(request, baseURL, email)
  const displayName = await saveProfile(request, baseURL, email, label)
  await turnOnTwoStep(request, baseURL)
  const me = await request.get('/api/v1/users/me')
  const profile = (await me.json()) as { is_moderator: boolean }
  expect(profile.is_moderator, 'the address holds a staff role').toBe(true)
  return { context, page: await context.newPage(), email, displayName, errors }
}

/** Issue 39: the account calls that turn two-step on; the confirming session counts as two. */
export async function turnOnTwoStep(request: APIRequestContext, baseURL: string) {
  const headers = { Origin: baseURL }
  const setup = await request.post('/api/v1/users/me/totp', { headers })
  expect(setup.status()).toBe(200)
  const { secret } = (await setup.json()) as { secret: string }
  const confirmed = await request.post('/api/v1/users/me/totp/confirm', {
    headers,
    data: { code: totpCodeNow(secret) },
  })
  expect(confirmed.status()).toBe(200)
  return { secret, ...((await confirmed.json()) as { recovery_codes: string[] }) }
}

// What each member's recorder lets pass, by the member's errors list (forgiveErrors adds to it).
const allowedFor = new WeakMap<string[], RegExp[]>()

function memberErrors(context: BrowserContext): string[] {
  const allowed: RegExp[] = []
  const errors = collectConsoleErrors(context, allowed)
  allowedFor.set(errors, allowed)
  return errors
}

/**
 * Drops the console errors a test expects of this member (a 404 it asked for, offline noise),
 * those logged so far and those still to come: a request that failed offline can reach the
 * console after the test has moved on (CI: the bell's count, logged once the network was back).
 */
export function forgiveErrors(member: Member, expected: RegExp) {
  allowedFor.get(member.errors)?.push(expected)
  const kept = member.errors.filter((error) => !expected.test(error))
  member.errors.splice(0, member.errors.length, ...kept)
}

/** Closes each member's browser, then asserts none of them logged a console error. */
export async function closeMembers(...members: Member[]) {
  for (const member of members) await member.context.close()
  expect(
    members.flatMap((member) => member.errors),
    'unexpected console errors',
  ).toEqual([])
}

async function signUp(request: APIRequestContext, baseURL: string, email: string) {
  const answer = await request.post('/auth/signup', {
    headers: { Origin: baseURL },
    data: { email, password: PASSWORD, confirmPassword: PASSWORD, acceptTerms: true },
  })
  expect(answer.status()).toBe(202)
}

/** Follows the mailed verification link; true when it verified the address. */
async function followVerifyLink(request: APIRequestContext, email: string) {
  // The link redirects to the result page; its Location says whether the token was good.
  const answer = await request.get(await mailedLink(request, email, 'verify-email'), {
    maxRedirects: 0,
  })
  expect(answer.status()).toBe(302)
  return /verified=1/.test(answer.headers()['location'] ?? '')
}

async function signIn(request: APIRequestContext, baseURL: string, email: string) {
  const answer = await request.post('/auth/password', {
    headers: { Origin: baseURL },
    data: { email, password: PASSWORD, rememberMe: false },
  })
  expect(answer.status()).toBe(204)
}

/** Completes onboarding (spec 000 §3) and returns the display name the wall shows. */
async function saveProfile(
  request: APIRequestContext,
  baseURL: string,
  email: string,
  label: string,
) {
  const answer = await request.post('/api/v1/users/profile', {
    headers: { Origin: baseURL },
    data: {
      first_name: label,
      last_name: 'Tester',
      email,
      country_iso2: 'IE',
      gender: 'female',
      birth_month: 3,
      birth_day: 14,
    },
  })
  expect(answer.status()).toBe(200)
  return ((await answer.json()) as { display_name: string }).display_name
}
