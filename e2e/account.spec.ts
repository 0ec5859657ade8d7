import { expectNoSeriousA11yViolations } from './fixtures/a11y'
import { collectConsoleErrors } from './fixtures/console-errors'
import { expect, test } from './fixtures/test'
import { nextHubConnection } from './support/hub'
import { closeMembers, mailedLink, newMember, PASSWORD } from './support/members'

// Issue 39: the account screen. A member signs out a lost device from another, and changes
// their email with the link mailed to the new address.

test('a member signs out a second browser from the first, which lands on the sign-in page', async ({
  browser,
  baseURL,
}) => {
  const origin = baseURL as string
  const ann = await newMember(browser, origin, 'Ann')
  // The same account in a second browser, as on a phone left somewhere.
  const lost = await browser.newContext({ baseURL: origin })
  const lostErrors = collectConsoleErrors(lost, [])
  const signedIn = await lost.request.post('/auth/password', {
    headers: { Origin: origin },
    data: { email: ann.email, password: PASSWORD, rememberMe: true },
  })
  expect(signedIn.status()).toBe(204)
  const phone = await lost.newPage()
  // The phone's app is open and live: its hub connection (made once the wall has settled, up to
  // 8 s on an empty wall) is what hears the sign-out.
  const live = nextHubConnection(phone)
  await phone.goto('/prayerwall')
  await expect(phone).toHaveURL(/\/prayerwall/)
  await live

  await ann.page.goto('/settings/account')
  await expect(ann.page.getByRole('heading', { level: 1, name: 'Account' })).toBeVisible()
  const devices = ann.page.getByRole('list', { name: 'Signed-in devices' })
  await expect(devices.getByRole('listitem')).toHaveCount(2)
  await expect(devices.getByRole('listitem').filter({ hasText: '(this device)' })).toHaveCount(1)
  await expectNoSeriousA11yViolations(ann.page)
  await devices.getByRole('button', { name: /^Sign out / }).click()
  await expect(ann.page.getByRole('status').filter({ hasText: 'was signed out.' })).toBeVisible()
  await expect(devices.getByRole('listitem')).toHaveCount(1)

  // At once, without a click: the hub closes the ended session's connection and the page
  // finds itself signed out.
  await expect(phone).toHaveURL(/\/login/, { timeout: 10_000 })
  await lost.close()
  expect(
    lostErrors.filter((error) => !/401/.test(error)),
    'unexpected console errors',
  ).toEqual([])
  await closeMembers(ann)
})

test('a member changes their email with the link mailed to the new address', async ({
  browser,
  baseURL,
}) => {
  const ann = await newMember(browser, baseURL as string, 'Ann')
  const page = ann.page
  const newEmail = `moved-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.org`
  await page.goto('/settings/account')
  const email = page.getByRole('region', { name: 'Email', exact: true })
  await email.getByRole('textbox', { name: 'New email' }).fill(newEmail)
  await email.getByLabel('Current password').fill(PASSWORD)
  await email.getByRole('button', { name: 'Change email' }).click()
  await expect(email.getByText(`We sent a link to ${newEmail}.`, { exact: false })).toBeVisible()
  await expect(email.getByText(`Your email: ${ann.email}`)).toBeVisible()

  await page.goto(await mailedLink(page.request, newEmail, 'verify-email'))
  await expect(page).toHaveURL(/verified=1/)
  await page.goto('/settings/account')
  await expect(email.getByText(`Your email: ${newEmail}`)).toBeVisible()
  await expect(email.getByText('We sent a link to')).toHaveCount(0)
  await closeMembers(ann)
})
