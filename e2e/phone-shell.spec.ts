import type { Locator, Page } from 'playwright/test'
import { expect, test } from './fixtures/test'
import { closeMembers, type Member, newMember } from './support/members'
import { PHONE } from './support/tour'
import { askInGroup, newPrivateGroup } from './support/wall'

// Issue 17, the phone's app shell: a page comes back where the member left it after another tab
// of the bottom bar, a dialog or another page.

let member: Member

test.beforeAll(async ({ browser }, testInfo) => {
  testInfo.setTimeout(60_000)
  const origin = process.env.E2E_BASE_URL as string
  member = await newMember(browser, origin, 'Scroller')
  const stamp = String(Date.now())
  // Enough cards that the wall scrolls well past one screen, in a group of this member's own so
  // that they do not push the other worker's cards off its first page.
  const group = await newPrivateGroup(member.context, origin, `Scrollers ${stamp}`)
  for (let n = 1; n <= 12; n++) {
    await askInGroup(member.context, origin, group.id, { title: `Scroll card ${n} ${stamp}` })
  }
})

test.afterAll(async () => {
  await closeMembers(member)
})

const scrollY = (page: Page) => page.evaluate(() => Math.round(window.scrollY))
/** Where a card's top edge sits in the viewport. */
const topOf = async (card: Locator) => (await card.boundingBox())?.y ?? Number.NaN
/** How far a card is from where it was (the page may land on a fraction of a pixel). */
const movedBy = async (card: Locator, top: number) =>
  Math.round(Math.abs((await topOf(card)) - top))

test('a page comes back where it was left: another tab, a dialog, another page', async () => {
  test.slow()
  const { page } = member
  await page.setViewportSize(PHONE)
  await page.goto('/prayerwall')
  const bar = page.getByRole('navigation', { name: 'App' })
  // The eighth card of the first page is far down it. Which card that is depends on what the
  // other worker's specs posted meanwhile (the wall is shared), so it is found by position and
  // then followed by its title; the 12 cards posted above fill the page either way.
  const eighth = page.getByRole('article').nth(7)
  await expect(eighth).toBeVisible()
  const title = (await eighth.getByRole('heading', { level: 2 }).textContent()) ?? ''
  const deep = page.getByRole('article', { name: title })
  await deep.scrollIntoViewIfNeeded()
  await expect(deep).toBeInViewport()
  expect(await scrollY(page), 'the wall was scrolled down').toBeGreaterThan(PHONE.height)
  // Back means the same card at the same height on screen, whatever changed above it meanwhile
  // (the wall is shared: the other worker's cards come and change).
  const left = await topOf(deep)

  // Another tab of the bottom bar starts at its own top, and the wall comes back as it was.
  await bar.getByRole('link', { name: 'Testimonies' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Testimonies' })).toBeVisible()
  await expect.poll(() => scrollY(page)).toBe(0)
  // Meanwhile the first card grew (as an update or a longer title would make it): the router's
  // pixels alone would now land 48 px off, and the wall must still come back to the same card.
  // A constructed stylesheet: the pages' CSP refuses an inline <style> (ADR 0033).
  await page.evaluate(() => {
    const grown = new CSSStyleSheet()
    grown.replaceSync('main article:first-of-type { margin-top: 48px !important }')
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, grown]
  })
  await bar.getByRole('link', { name: 'Wall' }).click()
  await expect.poll(() => movedBy(deep, left), 'back on the wall by its tab').toBeLessThanOrEqual(1)

  // A dialog that is part of the address (who responded) leaves the wall where it is.
  await deep.getByRole('button', { name: '0 prayed' }).click()
  const reactors = page.getByRole('dialog', { name: 'Who responded' })
  await expect(reactors).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(reactors).toHaveCount(0)
  await expect(page).not.toHaveURL(/reactions=/)
  await expect.poll(() => movedBy(deep, left), 'after the dialog').toBeLessThanOrEqual(1)

  // Another page, and Back.
  await bar.getByRole('link', { name: 'Ask for Prayer' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Create Prayer Request' })).toBeVisible()
  await page.goBack()
  await expect(deep).toBeVisible()
  await expect.poll(() => movedBy(deep, left), 'back on the wall by Back').toBeLessThanOrEqual(1)
})

test('the bottom bar fits from 320 to 599 px: no word broken or cut, 44 px targets', async () => {
  const { page } = member
  await page.goto('/prayerwall')
  const bar = page.getByRole('navigation', { name: 'App' })
  for (const width of [320, 360, 390, 599]) {
    await page.setViewportSize({ width, height: 800 })
    await expect(bar).toBeVisible()
    const faults = await bar.evaluate((nav) =>
      [...nav.querySelectorAll<HTMLElement>(':scope > a, :scope > button')].flatMap((item) => {
        const box = item.getBoundingClientRect()
        const label = item.querySelector<HTMLElement>('span:not([class*="TouchRipple"])')
        const text = label?.getBoundingClientRect()
        const name = label?.textContent ?? '?'
        const found: string[] = []
        if (box.width < 43.5 || box.height < 43.5) found.push(`${name}: ${box.width}×${box.height}`)
        if (!text || text.left < box.left - 0.5 || text.right > box.right + 0.5)
          found.push(`${name}: label ${text?.left}..${text?.right} in ${box.left}..${box.right}`)
        // Each word on one line: a word split over two lines has two boxes.
        const node = label?.firstChild
        for (const word of node instanceof Text ? node.data.matchAll(/\S+/g) : []) {
          const range = document.createRange()
          range.setStart(node as Text, word.index)
          range.setEnd(node as Text, word.index + word[0].length)
          const lines = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)))
          if (lines.size > 1) found.push(`${name}: "${word[0]}" broken over ${lines.size} lines`)
        }
        return found
      }),
    )
    expect(faults, `at ${width} px`).toEqual([])
    expect(await bar.locator(':scope > a, :scope > button').count()).toBe(5)
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      width,
    )
  }
})
