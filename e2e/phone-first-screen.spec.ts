import type { Locator, Page } from 'playwright/test'
import { expect, test } from './fixtures/test'
import { closeMembers, type Member, newMember } from './support/members'
import { PHONE } from './support/tour'
import { pullToRefresh } from './support/pull-to-refresh'
import { askInGroup, newPrivateGroup } from './support/wall'
import { expectNoSeriousA11yViolations } from './fixtures/a11y'

// Issue 47: a phone's first screen of the wall is for prayers: the top of two and a half typical
// cards (a title of one line, three lines of details, tags), one visible heading (the top bar's),
// the tabs on one row and the timed prayer's hint once.

const HINT = 'Pray now starts a timed prayer; tap outside to cancel.'
// Three lines on a 390 px phone (checked below, so a change of font cannot make the cards short).
const DETAILS =
  'Please pray for my mother, who starts a new treatment on Monday, and for our family as we ' +
  'keep watch.'

let member: Member

test.beforeAll(async ({ browser }, testInfo) => {
  testInfo.setTimeout(60_000)
  const origin = process.env.E2E_BASE_URL as string
  member = await newMember(browser, origin, 'Phone')
  // The cards of a group of the member's own (the My Groups tab): the public wall is shared with
  // the other worker's specs, whose cards come and go.
  const stamp = String(Date.now())
  const group = await newPrivateGroup(member.context, origin, `Family ${stamp.slice(-4)}`)
  for (let n = 1; n <= 4; n++) {
    await askInGroup(member.context, origin, group.id, {
      title: `Strength for the week ahead ${n}`,
      details: DETAILS,
      tags: ['family', 'health'],
    })
  }
})

test.afterAll(async () => {
  await closeMembers(member)
})

/** The part of the screen between the top bar and the bottom bar. */
async function contentArea(page: Page) {
  const top = await page.locator('header').first().boundingBox()
  const bottom = await page.getByRole('navigation', { name: 'App' }).boundingBox()
  return { top: (top?.y ?? 0) + (top?.height ?? 0), bottom: bottom?.y ?? 0 }
}

async function fullyBetween(element: Locator, area: { top: number; bottom: number }) {
  const box = await element.boundingBox()
  return box !== null && box.y >= area.top - 0.5 && box.y + box.height <= area.bottom + 0.5
}

test('a phone shows two card headers and the third title, the tabs on one row, the hint once', async () => {
  const { page } = member
  await page.setViewportSize(PHONE)
  await page.goto('/prayerwall?view=groups')
  const cards = page.getByRole('article')
  await expect(cards).toHaveCount(4)

  // The cards are the typical card of the issue: one line of title, three of details, tags.
  const first = cards.first()
  const lines = async (element: Locator) =>
    element.evaluate((node) => {
      const height = node.getBoundingClientRect().height
      return Math.round(height / parseFloat(getComputedStyle(node).lineHeight))
    })
  expect(await lines(first.getByRole('heading', { level: 2 }))).toBe(1)
  expect(await lines(first.getByText(DETAILS))).toBe(3)
  await expect(first.getByRole('list', { name: 'Tags' }).getByRole('listitem')).toHaveCount(2)

  const area = await contentArea(page)
  for (const card of [cards.nth(0), cards.nth(1)]) {
    const header = card.getByRole('heading', { level: 2 }).locator('xpath=../..')
    expect(await fullyBetween(header, area), 'a full card header').toBe(true)
  }
  expect(
    await fullyBetween(cards.nth(2).getByRole('heading', { level: 2 }), area),
    "the third card's title",
  ).toBe(true)

  // One visible heading: the top bar names the page; the page's own heading is for screen readers.
  await expect(page.getByRole('heading', { level: 1, name: 'Prayer Wall' })).toHaveCount(1)
  await expect(page.getByText('A gentle public square', { exact: false })).toBeHidden()
  await expect(page.getByRole('main').getByRole('button', { name: 'Ask for Prayer' })).toBeHidden()
  await expect(
    page.getByRole('navigation', { name: 'App' }).getByRole('link', { name: 'Ask for Prayer' }),
  ).toBeVisible()

  // The tabs on one row.
  const tabs = page.getByRole('tab')
  const tops = await tabs.evaluateAll((all) => all.map((tab) => tab.getBoundingClientRect().top))
  expect(new Set(tops).size).toBe(1)

  // The hint once, under the first card's Pray now; every Pray now still describes itself with it.
  await expect(page.locator('p:visible', { hasText: HINT })).toHaveCount(1)
  await expect(first.getByText(HINT)).toBeVisible()
  await expect(
    cards.nth(1).getByRole('button', { name: /^Pray now for/ }),
  ).toHaveAccessibleDescription(HINT)

  // Once the member has started a timed prayer, the hint is each button's description only.
  await first.getByRole('button', { name: /^Pray now for/ }).click()
  await page.mouse.click(5, PHONE.height / 2)
  await expect(page.locator('p:visible', { hasText: HINT })).toHaveCount(0)
  await page.reload()
  await expect(cards).toHaveCount(4)
  await expect(page.locator('p:visible', { hasText: HINT })).toHaveCount(0)
})

test('at 320 px the selected tab is in view and nothing scrolls sideways; wider keeps the desktop header', async () => {
  const { page } = member
  await page.setViewportSize({ width: 320, height: 640 })
  await page.goto('/prayerwall?view=answered')
  const selected = page.getByRole('tab', { selected: true })
  await expect(selected).toHaveText('Answered')
  // Within the row's box, to the pixel it may land on.
  const row = await page.getByRole('tablist').boundingBox()
  const tab = await selected.boundingBox()
  expect(tab!.x).toBeGreaterThanOrEqual(row!.x - 1)
  expect(tab!.x + tab!.width).toBeLessThanOrEqual(row!.x + row!.width + 1)
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320)

  await page.setViewportSize({ width: 1024, height: 800 })
  await expect(page.getByText('A gentle public square', { exact: false })).toBeVisible()
  await expect(page.getByRole('main').getByRole('button', { name: 'Ask for Prayer' })).toBeVisible()
})

test('the bottom bar steps aside while scrolling down and returns on scrolling up or to a keyboard', async () => {
  const { page } = member
  await page.setViewportSize(PHONE)
  await page.goto('/prayerwall?view=groups')
  await expect(page.getByRole('article')).toHaveCount(4)
  const bar = page.getByRole('navigation', { name: 'App' })
  const barTop = async () => (await bar.boundingBox())?.y ?? 0
  await expect.poll(barTop).toBeLessThan(PHONE.height)
  await page.mouse.move(195, 400)
  for (let step = 0; step < 4; step++) await page.mouse.wheel(0, 120)
  await expect.poll(barTop, 'away while scrolling down').toBeGreaterThanOrEqual(PHONE.height)
  await page.mouse.wheel(0, -60)
  await expect.poll(barTop, 'back on scrolling up').toBeLessThan(PHONE.height)
  for (let step = 0; step < 3; step++) await page.mouse.wheel(0, 120)
  await expect.poll(barTop).toBeGreaterThanOrEqual(PHONE.height)
  // A keyboard reaching the bar brings it back.
  await bar.getByRole('link', { name: 'Wall' }).focus()
  await expect.poll(barTop, 'back for the keyboard').toBeLessThan(PHONE.height)
})

test('touch targets are 44 × 44 px, and the page passes axe at 390 and 320 px', async () => {
  const { page } = member
  await page.setViewportSize(PHONE)
  await page.goto('/prayerwall?view=groups')
  await expect(page.getByRole('article')).toHaveCount(4)
  const small = await page
    .locator('header, main, nav[aria-label="App"]')
    .locator('button:visible, a:visible, [role="tab"]:visible')
    .evaluateAll((targets) =>
      targets
        .map((target) => ({ target, box: target.getBoundingClientRect() }))
        // The skip link and the screen readers' heading are off screen until focused.
        .filter(({ box }) => box.width > 1 && box.height > 1)
        .filter(({ box }) => box.width < 44 || box.height < 44)
        .map(({ target, box }) => `${target.textContent} ${box.width}×${box.height}`),
    )
  expect(small).toEqual([])
  await expectNoSeriousA11yViolations(page)
  await page.setViewportSize({ width: 320, height: 640 })
  await expectNoSeriousA11yViolations(page)
})

test('a card opens to its whole request with a view transition, none when motion is reduced', async () => {
  const { page } = member
  const origin = process.env.E2E_BASE_URL as string
  const long = `${'We have had a long and difficult season, and I am grateful for every prayer. '.repeat(5)}Thank you.`
  const title = `A long season of waiting ${Date.now()}`
  const group = await newPrivateGroup(member.context, origin, 'Long ones')
  await askInGroup(member.context, origin, group.id, { title, details: long })
  await page.setViewportSize(PHONE)
  await page.goto('/prayerwall?view=groups')
  const card = page.getByRole('article', { name: title })
  // Counts the transitions the page starts (the API is Chromium's own).
  await page.evaluate(() => {
    const start = document.startViewTransition.bind(document)
    Object.assign(window, { transitions: 0 })
    document.startViewTransition = ((update: () => void) => {
      Object.assign(window, {
        transitions: (window as unknown as { transitions: number }).transitions + 1,
      })
      return start(update)
    }) as typeof document.startViewTransition
  })
  const transitions = () =>
    page.evaluate(() => (window as unknown as { transitions: number }).transitions)
  await card.getByRole('button', { name: 'Read more' }).click()
  await expect(card.getByRole('button', { name: 'Show less' })).toHaveAttribute(
    'aria-expanded',
    'true',
  )
  await card.getByRole('button', { name: 'Show less' }).click()
  await expect(card.getByRole('button', { name: 'Read more' })).toBeFocused()
  expect(await transitions()).toBe(2)

  await page.emulateMedia({ reducedMotion: 'reduce' })
  await card.getByRole('button', { name: 'Read more' }).click()
  await expect(card.getByRole('button', { name: 'Show less' })).toBeVisible()
  expect(await transitions(), 'no transition when motion is reduced').toBe(2)
  await page.emulateMedia({ reducedMotion: null })
})

test('on a touch screen, pulling the testimonies down from the top reads them again', async ({
  browser,
}) => {
  const origin = process.env.E2E_BASE_URL as string
  const phone = await browser.newContext({
    baseURL: origin,
    hasTouch: true,
    viewport: PHONE,
    storageState: await member.context.storageState(),
  })
  const page = await phone.newPage()
  await page.goto('/testimonies')
  // Loaded: a story, or none yet (the list is pulled either way).
  await expect(
    page.getByText('No testimonies yet').or(page.getByRole('article').first()),
  ).toBeVisible()
  await pullToRefresh(page, '/api/v1/testimonies')
  await phone.close()
})
