import { fileURLToPath } from 'node:url'
import type { Page } from 'playwright/test'
import { expectNoSeriousA11yViolations } from './fixtures/a11y'
import { expect, test } from './fixtures/test'
import { startBuiltApp } from './support/built-app.mjs'
import { closeMembers, mailedLink, newAdmin, PASSWORD } from './support/members'
import { E2E_STAFF_ENV } from './support/staff-addresses'

// Issue 38: an invite-only community refuses a sign-up without a link and accepts one with it.
// An app of its own: the shared server's other specs sign members up while this one runs.
test('an invite-only community refuses a sign-up without a link and accepts one with it', async ({
  browser,
}) => {
  test.slow()
  const app = await startBuiltApp({
    logFile: fileURLToPath(new URL('../.tmp/e2e-invitations.log', import.meta.url)),
    env: { ...E2E_STAFF_ENV, TRUST_PROXY: '127.0.0.1' },
  })
  const origin = app.baseURL
  const admin = await newAdmin(browser, origin)
  const visitor = await browser.newContext({ baseURL: origin })
  try {
    const closed = await admin.context.request.put('/api/v1/admin/community', {
      headers: { Origin: origin },
      data: { join: 'invite' },
    })
    expect(closed.status()).toBe(200)

    // The admin creates a link for one newcomer and copies it from the screen.
    const { page } = admin
    await page.goto('/admin/invites')
    await page.getByRole('spinbutton', { name: 'Number of uses (optional)' }).fill('1')
    await page.getByRole('button', { name: 'Create link' }).click()
    const link = await page.getByRole('textbox', { name: 'New invite link' }).inputValue()
    expect(link).toMatch(new RegExp(`^${origin}/login\\?invite=[\\w-]{22}$`))
    await expect(page.getByRole('listitem')).toContainText('Uses: 0 of 1')
    await expectNoSeriousA11yViolations(page)

    // Without the link: the sign-in page says so, and the sign-up is the invitation-only page.
    const stranger = await visitor.newPage()
    await stranger.goto('/login')
    await expect(stranger.getByText(/newcomers need an invitation link/)).toBeVisible()
    await continueWithEmail(stranger, `stranger-${Date.now()}@example.org`)
    await expect(
      stranger.getByRole('heading', { level: 1, name: 'This community is invitation-only' }),
    ).toBeVisible()
    await expect(stranger.getByRole('button', { name: 'Create account' })).toHaveCount(0)
    await expectNoSeriousA11yViolations(stranger)
    await stranger.close()

    // With the link: the sign-up goes through and the address gets its verification link.
    const newcomer = await visitor.newPage()
    const email = `invited-${Date.now()}@example.org`
    await newcomer.goto(link)
    await expect(newcomer).toHaveURL(/\/login$/)
    await continueWithEmail(newcomer, email)
    await newcomer.getByLabel(/^Password/).fill(PASSWORD)
    await newcomer.getByLabel(/^Confirm password/).fill(PASSWORD)
    await newcomer.getByRole('checkbox', { name: 'I accept the Terms and Privacy Policy' }).check()
    await newcomer.getByRole('button', { name: 'Create account' }).click()
    await expect(
      newcomer.getByRole('heading', { level: 1, name: 'Check your email' }),
    ).toBeVisible()
    expect(await mailedLink(visitor.request, email, 'verify-email')).toContain('/auth/verify-email')

    // The link is used up: the admin's list says so.
    await page.reload()
    await expect(page.getByRole('listitem')).toContainText('Used up')
  } finally {
    await visitor.close()
    await closeMembers(admin)
    await app.stop()
  }
})

async function continueWithEmail(page: Page, email: string) {
  await page.getByRole('link', { name: 'Continue with email' }).click()
  await page.getByRole('textbox', { name: 'Email address' }).fill(email)
  await page.getByRole('button', { name: 'Continue' }).click()
}
