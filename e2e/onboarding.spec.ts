import type { APIRequestContext } from 'playwright/test'
import { expectNoSeriousA11yViolations } from './fixtures/a11y'
import { expect, test } from './fixtures/test'

// Spec 000 §2, §4, §5: a freshly signed-up member completes onboarding, is told to verify, lands
// on the wall with the verification banner, and the banner goes once the mailed link is opened.

const PASSWORD = 'Quiet-Morning-2026'

type DevMail = { to: string; subject: string; links: string[] }

async function newestVerificationLink(request: APIRequestContext, email: string): Promise<string> {
  let link: string | undefined
  await expect
    .poll(async () => {
      const mails = (await (await request.get('/__dev/mail')).json()) as DevMail[]
      // Newest first; each new link revokes the older ones.
      link = mails
        .find((mail) => mail.to === email)
        ?.links.find((url) => url.includes('verify-email'))
      return link
    })
    .toBeTruthy()
  return link as string
}

test('a new member completes onboarding, verifies the email and the banner goes', async ({
  page,
  baseURL,
}) => {
  test.slow()
  const email = `onboarding-${Date.now()}@example.org`
  const origin = { Origin: baseURL as string }

  // Sign up and sign in through the API (the sign-in screens have their own spec); the browser
  // context shares the session cookie.
  const signUp = await page.request.post('/auth/signup', {
    headers: origin,
    data: { email, password: PASSWORD, confirmPassword: PASSWORD, acceptTerms: true },
  })
  expect(signUp.status()).toBe(202)
  const signIn = await page.request.post('/auth/password', {
    headers: origin,
    data: { email, password: PASSWORD, rememberMe: false },
  })
  expect(signIn.status()).toBe(204)

  // The wall is closed until onboarding is done (spec 000 §4).
  await page.goto('/prayerwall')
  await expect(page).toHaveURL(/\/onboarding$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Complete your profile' })).toBeVisible()
  await expect(page.getByRole('heading', { level: 2, name: /^Welcome/ })).toBeVisible()
  await expect(page.getByLabel('Email Address')).toHaveValue(email)
  // Hidden on onboarding paths (spec 000 §2).
  await expect(page.getByRole('region', { name: 'Email verification' })).toHaveCount(0)
  await expect(page.getByText(/Your public display name is/)).toBeVisible()
  await expectNoSeriousA11yViolations(page)

  // An invalid submit only shows the errors (spec 000 §5).
  await page.getByRole('button', { name: 'Update profile and Continue' }).click()
  await expect(page.getByLabel('First Name')).toBeFocused()
  await expect(page.getByText('First name is required.')).toBeVisible()
  await expectNoSeriousA11yViolations(page)

  await page.getByLabel('First Name').fill('Ann')
  await page.getByLabel('Last Name').fill('Lee')
  await page.getByLabel('Phone Number (optional)').fill('+353 1 234 5678')
  await page.getByLabel('Gender').selectOption('Female')
  await page.getByRole('combobox', { name: 'Country' }).fill('Irel')
  await page.getByRole('option', { name: 'Ireland' }).click()
  await page.getByLabel('Month of Birth').selectOption('February')
  await page.getByLabel('Day of Birth').fill('30')
  await page.getByLabel('Day of Birth').blur()
  await expect(
    page.getByText('Please enter a valid day (1–29) for the selected month.'),
  ).toBeVisible()
  await page.getByLabel('Day of Birth').fill('29')
  await page.getByRole('button', { name: 'Update profile and Continue' }).click()

  const dialog = page.getByRole('dialog', { name: 'Verify your email' })
  await expect(dialog).toContainText(
    'We sent a verification link to your email. You can access all features after verifying.',
  )
  await expectNoSeriousA11yViolations(page)
  await dialog.getByRole('button', { name: 'Continue to prayerwall' }).click()

  await expect(page).toHaveURL(/\/prayerwall$/)
  const banner = page.getByRole('region', { name: 'Email verification' })
  await expect(banner).toContainText(email)
  await expectNoSeriousA11yViolations(page)

  // Opening the newest mailed link verifies the address (the resend revoked the sign-up link).
  await page.goto(await newestVerificationLink(page.request, email))
  await expect(page).toHaveURL(/\/verify-email\/result\?verified=1$/)
  await expectNoSeriousA11yViolations(page)

  await page.goto('/prayerwall')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expect(banner).toHaveCount(0)
  await expectNoSeriousA11yViolations(page)
})
