import { expectNoSeriousA11yViolations } from './fixtures/a11y'
import { expect, test } from './fixtures/test'

const HERO = 'A safe, reverent space to pray together'

// Issue 2 budget: `/` arrives rendered (landing.html), so it paints before any script runs; the
// app then hydrates that markup instead of replacing it.
test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('the landing page is already there, and only on /', async ({ page }) => {
    await page.goto('/')
    await expect(page.getByRole('heading', { level: 1, name: HERO })).toBeVisible()
    await expect(
      page.getByRole('main').getByRole('heading', { name: 'Prayer Wall', exact: true }),
    ).toBeVisible()
    await expect(page.getByRole('banner').getByRole('link', { name: 'Log in' })).toBeVisible()

    // Another route must never flash the landing page while its own code loads.
    await page.goto('/prayerwall')
    await expect(page.getByRole('heading', { name: HERO })).toHaveCount(0)
  })
})

test('the app adopts the pre-rendered landing page without replacing it', async ({ page }) => {
  // Counts landing headings removed from the document: a client render would replace them all.
  await page.addInitScript(() => {
    const removed = { count: 0 }
    Object.assign(window, { removedHeadings: removed })
    new MutationObserver((records) => {
      for (const record of records) {
        for (const node of record.removedNodes) {
          if (node instanceof Element && (node.matches('h1') || node.querySelector('h1')))
            removed.count += 1
        }
      }
    }).observe(document, { childList: true, subtree: true })
  })
  await page.goto('/')
  await expect(page.getByRole('heading', { level: 1, name: HERO })).toBeVisible()

  // Hydrated: the header's menu answers a click.
  await page.getByRole('banner').getByRole('button', { name: 'Features' }).click()
  await expect(page.getByRole('menuitem', { name: 'Testimonies' })).toBeVisible()
  await page.keyboard.press('Escape')
  expect(
    await page.evaluate(
      () => (window as unknown as { removedHeadings: { count: number } }).removedHeadings.count,
    ),
  ).toBe(0)
  await expectNoSeriousA11yViolations(page)
})
