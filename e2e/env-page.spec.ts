import { expectNoSeriousA11yViolations } from './fixtures/a11y'
import { expect, test } from './fixtures/test'

// spec 000 §2: /__env is a temporary diagnostics page listing build variables. It must never
// show a server-side secret: only public VITE_ variables and Vite's own build facts.
test('/__env lists public build variables only', async ({ page }) => {
  await page.goto('/__env')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  const text = await page.getByRole('main').innerText()
  expect(text).toContain('MODE')
  for (const secret of [
    /DATABASE_URL/,
    /REDIS_URL/,
    /SMTP_URL/,
    /SECRET/i,
    /PASSWORD/i,
    /PRIVATE/i,
    /(?<!VITE_\w*)TOKEN/,
    /VAPID_PRIVATE_KEY/,
  ]) {
    expect(text, `the page must not mention ${secret}`).not.toMatch(secret)
  }
  await expectNoSeriousA11yViolations(page)
})
