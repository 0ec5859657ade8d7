import { expectNoSeriousA11yViolations } from './fixtures/a11y'
import { expect, test } from './fixtures/test'

// Issue 2 / spec 000 (overview and §2): what a visitor sees first.
test.describe('landing page', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto('/')
    await expect(
      page.getByRole('heading', { level: 1, name: 'A safe, reverent space to pray together' }),
    ).toBeVisible()
  })

  test('presents the three features and the community promises', async ({ page }) => {
    const main = page.getByRole('main')
    for (const feature of ['Prayer Wall', 'Prayer Rooms', 'Prayer Groups']) {
      await expect(main.getByRole('heading', { name: feature, exact: true })).toBeVisible()
    }
    await expect(main.getByText(/moderated/i).first()).toBeVisible()
    await expect(main.getByText(/privacy controls/i).first()).toBeVisible()
    await expect(main.getByText(/ad-free/i).first()).toBeVisible()
    await expect(page.getByRole('contentinfo')).toContainText(/premium/i)
    await expectNoSeriousA11yViolations(page)
  })

  test('header Features menu sends a visitor to log in first', async ({ page }) => {
    // spec 000 §2: the wall and testimonies are protected; a visitor goes to /login with next.
    for (const [item, path] of [
      ['Testimonies', '/testimonies'],
      ['Prayer Wall', '/prayerwall'],
    ] as const) {
      await page.goto('/')
      await page.getByRole('banner').getByRole('button', { name: 'Features' }).click()
      await page.getByRole('menuitem', { name: item }).click()
      await expect(page).toHaveURL(`/login?next=${encodeURIComponent(path)}`)
      await expect(page.getByRole('tab', { name: 'Log In' })).toBeVisible()
    }
    await expectNoSeriousA11yViolations(page)
  })

  test('About and Contact anchors reach their sections', async ({ page }) => {
    const header = page.getByRole('banner')
    for (const [name, id] of [
      ['About', 'about'],
      ['Contact', 'contact'],
    ] as const) {
      await header.getByRole('link', { name }).click()
      await expect(page).toHaveURL(new RegExp(`#${id}$`))
      await expect(page.locator(`#${id}`)).toBeInViewport()
    }
  })
})
