import { expectNoSeriousA11yViolations } from './fixtures/a11y'
import { expect, test } from './fixtures/test'
import { ACCOUNT_PATH } from './support/google-provider'
import { closeMembers, newMember } from './support/members'

// Issue 39: linked sign-ins on the account screen. A member who signed up with a password links
// Google through the local OAuth2 server that e2e/global-setup.ts starts, then signs in with it
// in another browser, and unlinks it.

function googleUrl(): string {
  const url = process.env.E2E_GOOGLE_URL
  if (!url) throw new Error('E2E_GOOGLE_URL is unset: run through `npx playwright test`.')
  return url
}

test('a member links Google from the account screen, signs in with it, and unlinks it', async ({
  browser,
  baseURL,
}) => {
  test.slow()
  const origin = baseURL as string
  const lin = await newMember(browser, origin, 'Lin')
  const page = lin.page
  // The Google account the local provider signs in next: its address is not the member's.
  const id = `${Date.now()}-${Math.floor(Math.random() * 1e6)}`
  const answer = await page.request.put(`${googleUrl()}${ACCOUNT_PATH}`, {
    data: {
      sub: `e2e-link-${id}`,
      email: `elsewhere-${id}@example.org`,
      email_verified: true,
      given_name: 'Other',
      family_name: 'Name',
    },
  })
  expect(answer.status()).toBe(204)

  await page.goto('/settings/account')
  const section = page.getByRole('region', { name: 'Linked sign-ins' })
  const google = section.getByRole('listitem').filter({ hasText: 'Google' })
  await expect(google.getByText('Not linked')).toBeVisible()
  await expectNoSeriousA11yViolations(page)

  // Keyboard: the Link control is reached and followed like any link.
  await google.getByRole('link', { name: 'Link Google' }).focus()
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/settings\/account$/)
  await expect(section.getByRole('status')).toHaveText(
    'Google is now linked: you can sign in with it.',
  )
  await expect(google.getByText(/^Linked on/)).toBeVisible()
  await expectNoSeriousA11yViolations(page)

  // Another browser signs in to the same account with Google, not into a new one.
  const other = await browser.newContext({ baseURL: origin })
  const otherPage = await other.newPage()
  await otherPage.goto('/login')
  await otherPage.getByRole('button', { name: 'Continue with Google' }).click()
  await expect(otherPage).toHaveURL(/\/prayerwall$/)
  const session = await otherPage.request.get('/api/v1/users/me')
  expect((await session.json()) as { display_name: string }).toMatchObject({
    display_name: lin.displayName,
  })
  await other.close()

  // The password remains, so Google may go.
  await google.getByRole('button', { name: 'Unlink Google' }).click()
  const dialog = page.getByRole('dialog', { name: 'Unlink Google?' })
  await dialog.getByRole('button', { name: 'Unlink' }).click()
  await expect(dialog).toBeHidden()
  await expect(google.getByText('Not linked')).toBeVisible()
  await expect(google.getByRole('link', { name: 'Link Google' })).toBeVisible()
  await closeMembers(lin)
})
