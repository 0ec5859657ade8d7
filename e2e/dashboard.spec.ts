import type { Page } from 'playwright/test'
import { expectNoSeriousA11yViolations } from './fixtures/a11y'
import { expect, test } from './fixtures/test'
import { closeMembers, newMember, newModerator } from './support/members'

// Issue 38: a moderator opens the dashboard from their menu: one card per figure, a column on
// a phone and a grid on a desktop, each chart with its data table, a CSV to download, and no
// serious axe finding at either size.

const PHONE = { width: 390, height: 844 }
const DESKTOP = { width: 1280, height: 800 }

async function cardLefts(page: Page) {
  const cards = page.getByRole('list', { name: 'Figures' }).getByRole('listitem')
  await expect(cards).toHaveCount(12)
  const boxes = await Promise.all(
    [0, 1].map(async (index) => (await cards.nth(index).boundingBox())!),
  )
  return boxes.map((box) => Math.round(box.x))
}

test('the dashboard renders for a moderator, axe clean at phone and desktop sizes', async ({
  browser,
  baseURL,
}) => {
  const origin = baseURL as string
  const ann = await newMember(browser, origin, 'Ann')
  const moderator = await newModerator(browser, origin)
  const posted = await ann.context.request.post('/api/v1/intentions', {
    headers: { Origin: origin },
    data: {
      title: `Rain for the harvest ${Date.now()}`,
      details:
        'Our farms need rain before the harvest; please pray for the growers and their families.',
      tags: [],
      destination: 'public_wall',
      identity_mode: 'anonymous',
    },
  })
  expect(posted.status()).toBe(201)

  const { page } = moderator
  await page.setViewportSize(PHONE)
  await page.goto('/prayerwall')
  await page.getByRole('navigation', { name: 'App' }).getByRole('button', { name: 'Me' }).click()
  await page.getByRole('menuitem', { name: 'Dashboard' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible()
  const requests = page.getByRole('region', { name: 'Requests posted' })
  // Other specs post too: at least Ann's request counts this week.
  await expect(requests).toContainText(/[1-9][\d,]*this week/)
  await expect(requests.getByRole('img', { name: /^Requests posted, week by week/ })).toBeVisible()
  await requests.getByText('Data table', { exact: true }).click()
  await expect(requests.getByRole('table', { name: /^Requests posted, by week/ })).toBeVisible()
  const [first, second] = await cardLefts(page)
  expect(second, 'one column on a phone').toBe(first)
  await expectNoSeriousA11yViolations(page)

  await page.setViewportSize(DESKTOP)
  const [left, right] = await cardLefts(page)
  expect(right!, 'a grid on a desktop').toBeGreaterThan(left!)
  await expectNoSeriousA11yViolations(page)

  const download = page.waitForEvent('download')
  await page.getByRole('link', { name: 'Download CSV' }).click()
  const file = await download
  expect(file.suggestedFilename()).toMatch(/^dashboard-\d{4}-\d{2}-\d{2}\.csv$/)

  await closeMembers(ann, moderator)
})
