import type { Page } from 'playwright/test'
import { expectNoSeriousA11yViolations } from './fixtures/a11y'
import { expect, test } from './fixtures/test'
import { closeMembers, newMember } from './support/members'
import { askThroughApi } from './support/wall'

// Issue 6 (spec 000 §2, §4, §7, §9): B reacts to A's prayer; A's bell rises without a reload,
// the panel words it per type, a click goes to /prayerwall?highlight=… and marks it read; 'Mark
// all read' in one tab zeroes the badge of A's second tab live. Axe on the open panel.

const DETAILS =
  'Please pray for my brother as he looks for work this winter; the waiting is very hard on him.'

/** Opens `path` and waits until its hub connection has finished the handshake. */
async function openLive(page: Page, path: string) {
  const socket = page.waitForEvent('websocket', (ws) => ws.url().includes('/hub/notifications'))
  await page.goto(path)
  const ws = await socket
  await ws.waitForEvent('framereceived')
}

const bell = (page: Page) => page.getByRole('button', { name: /^Notifications/ })

test('a reaction reaches the author live; the panel opens it and Mark all read clears every tab', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000)
  const origin = baseURL as string
  const a = await newMember(browser, origin, 'Ann')
  const b = await newMember(browser, origin, 'Bea')
  const title = `Work for my brother this winter ${Date.now()}`
  const intentionId = await askThroughApi(a.context, origin, { title, details: DETAILS })

  // A is on the wall in one tab and on the testimonies in a second, both connected.
  await openLive(a.page, '/prayerwall')
  const second = await a.context.newPage()
  await openLive(second, '/testimonies')
  await expect(bell(a.page)).toHaveAccessibleName('Notifications')
  await expect(bell(second)).toHaveAccessibleName('Notifications')

  // B says Amen on A's prayer: A's bell counts it in both tabs, with no reload.
  await b.page.goto(`/prayerwall?highlight=${intentionId}`)
  const bCard = b.page.getByRole('article', { name: title })
  await bCard.getByRole('button', { name: 'Say Amen' }).click()
  await expect(bCard.getByRole('button', { name: 'Said Amen' })).toBeVisible()
  await expect(bell(a.page)).toHaveAccessibleName('Notifications, 1 unread')
  await expect(bell(second)).toHaveAccessibleName('Notifications, 1 unread')
  // The wall A is looking at follows the count too (CounterUpdate).
  const aCard = a.page.getByRole('article', { name: title })
  await expect(aCard.getByRole('button', { name: '1 amen', exact: true })).toBeVisible()

  // The panel words it per spec 000 §9 and shows it unread.
  await bell(a.page).click()
  const panel = a.page.getByRole('dialog', { name: 'Notifications' })
  await expect(panel.getByText('1 unread notification', { exact: true })).toBeVisible()
  const amen = panel.getByRole('button', { name: `Unread: ${b.displayName} said Amen` })
  await expect(amen).toContainText('on your intention.')
  await expect(amen).toContainText(/just now|minute ago/)
  await expectNoSeriousA11yViolations(a.page)

  // Clicking it marks it read and goes to the prayer with highlight.
  await amen.click()
  await a.page.waitForURL(`**/prayerwall?highlight=${intentionId}`)
  await expect(panel).toBeHidden()
  await expect(bell(a.page)).toHaveAccessibleName('Notifications')
  await expect(bell(second)).toHaveAccessibleName('Notifications')

  // B lights a candle: unread again in both tabs; Mark all read in the first clears the second.
  await bCard.getByRole('button', { name: 'Light a candle' }).click()
  await expect(bCard.getByRole('button', { name: 'Candle lit' })).toBeVisible()
  await expect(bell(second)).toHaveAccessibleName('Notifications, 1 unread')
  await expect(bell(a.page)).toHaveAccessibleName('Notifications, 1 unread')
  await bell(a.page).click()
  await expect(
    panel.getByRole('button', { name: `Unread: ${b.displayName} lit a candle` }),
  ).toBeVisible()
  await expect(panel.getByRole('button', { name: `${b.displayName} said Amen` })).toBeVisible()
  await panel.getByRole('button', { name: 'Mark all read' }).click()
  await expect(panel.getByText('0 unread notifications', { exact: true })).toBeVisible()
  await expect(bell(second)).toHaveAccessibleName('Notifications')
  await panel.getByRole('button', { name: 'Close panel' }).click()
  await expect(panel).toBeHidden()
  await expect(bell(a.page)).toHaveAccessibleName('Notifications')

  await closeMembers(a, b)
})
