import { expectNoSeriousA11yViolations } from './fixtures/a11y'
import { expect, test } from './fixtures/test'

// spec 000 §2: /__env is a temporary diagnostics page listing build variables. Only what Vite
// already inlines into the public bundle may appear: VITE_ variables, MODE and BASE_URL.
const PUBLIC_NAME = /^(VITE_[A-Z0-9_]+|MODE|BASE_URL)$/

test('/__env lists public build variables only', async ({ page }) => {
  await page.goto('/__env')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  const table = page.getByRole('table', { name: 'Build variables' })
  await expect(table.getByRole('row', { name: /^MODE\s+production$/ })).toBeVisible()
  // The build stamps its time so support can tell which build a member runs.
  await expect(table.getByRole('rowheader', { name: 'VITE_BUILD_TIME' })).toBeVisible()

  const names = (await table.getByRole('rowheader').allInnerTexts()).map((name) => name.trim())
  expect(names.length).toBeGreaterThan(0)
  expect(names.filter((name) => !PUBLIC_NAME.test(name))).toEqual([])
  // Server-side settings must never reach the client build, under any label.
  const text = await page.getByRole('main').innerText()
  for (const name of [
    'DATABASE_URL',
    'REDIS_URL',
    'SMTP_URL',
    'VAPID_PRIVATE_KEY',
    'CLIENT_SECRET',
  ]) {
    expect(text).not.toContain(name)
  }
  await expectNoSeriousA11yViolations(page)
})
