import { fileURLToPath } from 'node:url'
import { expectNoSeriousA11yViolations } from './fixtures/a11y'
import { expect, test } from './fixtures/test'
import { startBuiltApp } from './support/built-app.mjs'
import { closeMembers, newAdmin, newMember, newModerator } from './support/members'
import { E2E_STAFF_ENV } from './support/staff-addresses'

// Issue 38: in a community that approves newcomers, a new member finishes onboarding and waits;
// a moderator approves them from the queue, and they reach the wall. An app of its own: the
// shared server's other specs sign members up while this one runs.
test('a moderator approves a waiting member, who then reaches the wall', async ({ browser }) => {
  test.slow()
  const app = await startBuiltApp({
    logFile: fileURLToPath(new URL('../.tmp/e2e-approval.log', import.meta.url)),
    env: {
      ...E2E_STAFF_ENV,
      TRUST_PROXY: '127.0.0.1',
    },
  })
  const origin = app.baseURL
  // Staff sign up before the rule changes: under approval they would wait too.
  const admin = await newAdmin(browser, origin)
  const moderator = await newModerator(browser, origin)
  const closed = await admin.context.request.put('/api/v1/admin/community', {
    headers: { Origin: origin },
    data: { join: 'approval' },
  })
  expect(closed.status()).toBe(200)
  // Signed up, verified and onboarded: everything a waiting member may do.
  const newcomer = await newMember(browser, origin, 'Newcomer')
  try {
    const waiting = newcomer.page
    await waiting.setViewportSize({ width: 390, height: 844 })
    await waiting.goto('/prayerwall')
    await expect(waiting).toHaveURL(/\/waiting$/)
    await expect(
      waiting.getByRole('heading', { level: 1, name: 'Waiting for approval' }),
    ).toBeVisible()
    await expect(waiting.getByRole('button', { name: 'Sign out' })).toBeVisible()
    await expectNoSeriousA11yViolations(waiting)
    await waiting.getByRole('button', { name: 'Check again' }).click()
    await expect(waiting.getByRole('status')).toHaveText('Still waiting for approval.')

    const { page } = moderator
    await page.goto('/moderation/members')
    const list = page.getByRole('list', { name: 'Members waiting for approval' })
    await expect(list.getByText(newcomer.displayName, { exact: true })).toBeVisible()
    await expectNoSeriousA11yViolations(page)
    await list.getByRole('button', { name: `Approve ${newcomer.displayName}` }).click()
    await expect(page.getByText(`${newcomer.displayName} was approved and told.`)).toBeVisible()
    await expect(list.getByText(newcomer.displayName, { exact: true })).toHaveCount(0)

    await waiting.getByRole('button', { name: 'Check again' }).click()
    await expect(waiting).toHaveURL(/\/prayerwall$/)
    await expect(waiting.getByRole('heading', { level: 1, name: /Prayer Wall/i })).toBeVisible()
    // Told in the app too: the bell is back, with the approval.
    await expect(waiting.getByRole('button', { name: /notifications/i }).first()).toBeVisible()
  } finally {
    await closeMembers(newcomer, moderator, admin)
    await app.stop()
  }
})
