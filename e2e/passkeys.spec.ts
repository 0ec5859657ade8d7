import { expectNoSeriousA11yViolations } from './fixtures/a11y'
import { expect, test } from './fixtures/test'
import type { Page } from 'playwright/test'
import { closeMembers, newMember, PASSWORD, type Member } from './support/members'

// Issue 39: a member adds a passkey on the account screen, signs out, and signs in with it from
// the email step, against Chromium's virtual authenticator (a phone's platform authenticator with
// its screen lock). WebAuthn takes no IP address as a site, so the app is browsed at
// "localhost" on the e2e server's port (server/auth/passkeys/relying-party.ts).

const PHONE = {
  protocol: 'ctap2',
  transport: 'internal',
  hasResidentKey: true,
  hasUserVerification: true,
  isUserVerified: true,
} as const

/** What Chromium's WebAuthn.getCredentials answers of a passkey, enough to copy it. */
type PhoneCredential = {
  credentialId: string
  isResidentCredential: boolean
  privateKey: string
  signCount: number
  rpId?: string
  userHandle?: string
}

/**
 * A fresh tab holding the phone's passkey (a virtual authenticator belongs to one tab), so no
 * late navigation of the previous one lands in the middle.
 */
async function phoneTab(member: Member, credential: PhoneCredential) {
  await member.page.close()
  member.page = await member.context.newPage()
  const cdp = await member.context.newCDPSession(member.page)
  await cdp.send('WebAuthn.enable')
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', { options: PHONE })
  await cdp.send('WebAuthn.addCredential', { authenticatorId, credential })
  return { page: member.page, cdp, authenticatorId }
}

async function signedInEmail(page: Page) {
  const me = await page.request.get('/api/v1/users/me')
  return ((await me.json()) as { email?: string }).email
}

test('a member adds a passkey, signs out, and signs in with it from the email step', async ({
  browser,
  baseURL,
}) => {
  const origin = (baseURL as string).replace('//127.0.0.1:', '//localhost:')
  const ann = await newMember(browser, origin, 'Ann')
  const { page } = ann
  const cdp = await ann.context.newCDPSession(page)
  await cdp.send('WebAuthn.enable')
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: PHONE,
  })

  await page.goto('/settings/account')
  const section = page.getByRole('region', { name: 'Passkeys' })
  await section.getByLabel('Current password').fill(PASSWORD)
  await section.getByRole('button', { name: 'Add a passkey' }).click()
  await expect(section.getByText('Your passkey was added.')).toBeVisible()
  const passkeys = section.getByRole('list', { name: 'Passkeys' })
  await expect(passkeys.getByRole('listitem')).toHaveCount(1)
  await expect(passkeys.getByText(/Not used yet/)).toBeVisible()
  const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId })
  expect(credentials).toHaveLength(1)
  expect(credentials[0]!.isResidentCredential).toBe(true)
  await expectNoSeriousA11yViolations(page)

  // Sign out from the header's account menu.
  const header = page.getByRole('banner')
  await header.getByRole('button', { name: ann.displayName }).click()
  await page.getByRole('menuitem', { name: 'Sign out' }).click()
  await expect
    .poll(
      async () =>
        (
          (await (await page.request.get('/auth/session')).json()) as {
            isAuthenticated: boolean
          }
        ).isAuthenticated,
    )
    .toBe(false)

  // No address typed: the passkey names the account. From the log-in options first, then from
  // the email step, whose field offers passkeys among its suggestions.
  const { page: tab, ...phone } = await phoneTab(ann, credentials[0]!)
  await tab.goto('/login')
  await tab.getByRole('button', { name: 'Sign in with a passkey' }).click()
  await expect(tab).toHaveURL(/\/prayerwall$/)
  expect(await signedInEmail(tab)).toBe(ann.email)

  await ann.context.clearCookies()
  // The passkey as the phone holds it now: its signature counter went up with the sign-in.
  const used = await phone.cdp.send('WebAuthn.getCredentials', {
    authenticatorId: phone.authenticatorId,
  })
  expect(used.credentials[0]!.signCount).toBeGreaterThan(credentials[0]!.signCount)
  const { page: emailStep } = await phoneTab(ann, used.credentials[0]!)
  await emailStep.goto('/login')
  await emailStep.getByRole('link', { name: 'Continue with email' }).click()
  await expect(emailStep.getByRole('textbox', { name: 'Email address' })).toHaveAttribute(
    'autocomplete',
    'username webauthn',
  )
  // Chromium's virtual authenticator picks its one passkey from the field's suggestions.
  await expect(emailStep).toHaveURL(/\/prayerwall$/)
  expect(await signedInEmail(emailStep)).toBe(ann.email)

  await emailStep.goto('/settings/account')
  await expect(
    emailStep.getByRole('region', { name: 'Passkeys' }).getByText(/Last used /),
  ).toBeVisible()
  // The profile read that raced the sign-out answered 401: that is the sign-out itself.
  ann.errors.splice(0, Infinity, ...ann.errors.filter((error) => !/status of 401/.test(error)))
  await closeMembers(ann)
})
