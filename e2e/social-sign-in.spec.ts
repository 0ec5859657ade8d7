import type { APIRequestContext, Page } from 'playwright/test'
import { expectNoSeriousA11yViolations } from './fixtures/a11y'
import { expect, test } from './fixtures/test'
import { ACCOUNT_PATH, type GoogleAccount } from './support/google-provider'

// Spec 000 §2, §4 (issue 3): Google sign-in against the local OAuth2 server that
// e2e/global-setup.ts starts; a new person is sent to onboarding with what Google shared, a
// returning one goes straight in.

function googleUrl(): string {
  const url = process.env.E2E_GOOGLE_URL
  if (!url) throw new Error('E2E_GOOGLE_URL is unset: run through `npx playwright test`.')
  return url
}

/** The person the local Google signs in next: a new one per test and per retry. */
async function useGoogleAccount(request: APIRequestContext): Promise<GoogleAccount> {
  const id = `${Date.now()}-${Math.floor(Math.random() * 1e6)}`
  const account: GoogleAccount = {
    sub: `e2e-google-${id}`,
    email: `google.user-${id}@example.org`,
    email_verified: true,
    given_name: 'Grace',
    family_name: 'Hopper',
  }
  const answer = await request.put(`${googleUrl()}${ACCOUNT_PATH}`, { data: account })
  expect(answer.status()).toBe(204)
  return account
}

/**
 * /login → Continue with Google → the provider → /auth/google/callback. The relay of the
 * callback to the server is held until 'Finishing sign in…' has been seen and checked.
 */
async function continueWithGoogle(page: Page) {
  let release = () => {}
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route(/\/auth\/google\/callback\?/, async (route) => {
    if (!route.request().isNavigationRequest()) await held
    await route.continue()
  })
  await page.goto('/login')
  await expect(page.getByRole('heading', { level: 1, name: 'Log in' })).toBeVisible()
  await expectNoSeriousA11yViolations(page)
  await page.getByRole('button', { name: 'Continue with Google' }).click()

  await expect(page).toHaveURL(/\/auth\/google\/callback\?(?=.*code=)(?=.*state=)/)
  await expect(page.getByRole('heading', { level: 1, name: 'Finishing sign in…' })).toBeVisible()
  await expectNoSeriousA11yViolations(page)
  release()
  await page.unrouteAll({ behavior: 'wait' })
}

test('Google sign-in: a new person onboards with the prefill, then returns straight in', async ({
  page,
}) => {
  test.slow()
  const account = await useGoogleAccount(page.request)

  // New person: an account without a profile, so onboarding, prefilled from Google (spec 000 §4).
  await continueWithGoogle(page)
  await expect(page).toHaveURL(/\/onboarding$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Complete your profile' })).toBeVisible()
  await expect(page.getByLabel('First Name')).toHaveValue('Grace')
  await expect(page.getByLabel('Last Name')).toHaveValue('Hopper')
  await expect(page.getByLabel('Email Address')).toHaveValue(account.email)
  await expectNoSeriousA11yViolations(page)

  await page.getByLabel('Gender').selectOption('Female')
  await page.getByRole('combobox', { name: 'Country' }).fill('Irel')
  await page.getByRole('option', { name: 'Ireland' }).click()
  await page.getByLabel('Month of Birth').selectOption('December')
  await page.getByLabel('Day of Birth').fill('9')
  await page.getByRole('button', { name: 'Update profile and Continue' }).click()
  // Google verified the address, so there is nothing to verify (spec 000 §5).
  await expect(page).toHaveURL(/\/prayerwall$/)
  await expect(page.getByRole('dialog', { name: 'Verify your email' })).toHaveCount(0)
  await expect(page.getByRole('region', { name: 'Email verification' })).toHaveCount(0)
  await expectNoSeriousA11yViolations(page)

  const header = page.getByRole('banner')
  const me = (await (await page.request.get('/api/v1/users/me')).json()) as { display_name: string }
  await header.getByRole('button', { name: me.display_name }).click()
  await page.getByRole('menuitem', { name: 'Sign out' }).click()
  await expect(page).toHaveURL(/\/$/)
  await expect(header.getByRole('link', { name: 'Log in' })).toBeVisible()

  // Returning person: the same Google account signs straight in, no onboarding again.
  await continueWithGoogle(page)
  await expect(page).toHaveURL(/\/prayerwall$/)
  await expect(header.getByRole('button', { name: me.display_name })).toBeVisible()
  await expectNoSeriousA11yViolations(page)
})
