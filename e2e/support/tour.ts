import { mkdir } from 'node:fs/promises'
import type { BrowserContext, Page } from 'playwright/test'
import { expectNoSeriousA11yViolations } from '../fixtures/a11y'
import { expect } from '../fixtures/test'
import { askThroughApi } from './wall'

// Helpers of e2e/tour.spec.ts (issue 17): the wall in every card state, and the checks each
// screen of the tour goes through.

export const TOUR_DIR = 'test-results/tour'
export const PHONE = { width: 390, height: 844 }
export const NARROWEST = { width: 320, height: 640 }
export const DESKTOP = { width: 1366, height: 900 }

export type Viewport = 'phone' | 'desktop'
export type Scheme = 'light' | 'dark'

/** A typical request (spec'd by the issue): a title, two lines of details, two tags. */
export const TYPICAL_TITLE = 'Strength for my mother this week'
const TYPICAL_DETAILS =
  'Mum starts her new treatment on Monday. Please pray for strength and peace.'
const LONG_DETAILS = Array.from(
  { length: 8 },
  (_, line) => `Line ${line + 1}: we give thanks for every kindness shown to our family this year.`,
).join('\n')

/** Cards in each state the wall draws: own, anonymous, long, answered, released. */
export async function seedWall(context: BrowserContext, origin: string, stamp: string) {
  const patch = (id: string, data: object) =>
    context.request.patch(`/api/v1/intentions/${id}/status`, { headers: { Origin: origin }, data })
  const answered = await askThroughApi(context, origin, {
    title: `Answered: a safe arrival home ${stamp}`,
  })
  expect((await patch(answered, { status: 'answered' })).ok()).toBe(true)
  const released = await askThroughApi(context, origin, {
    title: `Released: the job in Galway ${stamp}`,
  })
  expect(
    (await patch(released, { status: 'released_in_peace', closure_reason: 'came_to_peace' })).ok(),
  ).toBe(true)
  await askThroughApi(context, origin, {
    title: `Long: a year of thanks ${stamp}`,
    details: LONG_DETAILS,
  })
  await askThroughApi(context, origin, {
    title: `Anonymous: courage to speak ${stamp}`,
    identity_mode: 'anonymous',
  })
  const testimony = await context.request.post('/api/v1/testimonies', {
    headers: { Origin: origin },
    data: {
      title: `Home safely after the storm ${stamp}`,
      text: 'The roads were icy all week, but she arrived home safely. Thank you all for praying.',
      category_tags: ['Travel'],
      intention_id: answered,
    },
  })
  expect(testimony.status()).toBe(201)
}

/**
 * A typical request (two lines of details, two tags) posted now, so it is the newest card: the
 * wall is shared with the other worker's specs, and a card seeded earlier can be pushed off the
 * first page (10 cards) between the cached render and the refetch.
 */
export async function askTypical(context: BrowserContext, origin: string, title: string) {
  await askThroughApi(context, origin, {
    title,
    details: TYPICAL_DETAILS,
    tags: ['Healing', 'Family'],
  })
}

/** Controls a thumb must hit: links, buttons, tabs, menu items, toggles. Inline text links excepted. */
async function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const selector =
      'button, a[href], [role="button"], [role="tab"], [role="menuitem"], [role="radio"], input[type="checkbox"], input[type="radio"]'
    const small: string[] = []
    for (const element of document.querySelectorAll<HTMLElement>(selector)) {
      const box = element.getBoundingClientRect()
      // Off-screen until focused (the skip link) or not drawn at all.
      if (box.width === 0 || box.height === 0 || box.bottom <= 0) continue
      const style = getComputedStyle(element)
      if (style.visibility === 'hidden') continue
      // A link inside a sentence is part of the text (WCAG 2.5.8 inline exception).
      if (
        element.tagName === 'A' &&
        element.closest('p, li:not([role])') &&
        style.display === 'inline'
      )
        continue
      // A native radio, checkbox or switch is hit through its label (or its MUI button base).
      const target = element.matches('input')
        ? (element.closest('label') ?? element.parentElement ?? element)
        : element
      const hit = target.getBoundingClientRect()
      if (hit.width < 43.5 || hit.height < 43.5) {
        const name = element.getAttribute('aria-label') ?? element.textContent?.trim().slice(0, 40)
        small.push(
          `${element.tagName.toLowerCase()} "${name}" ${Math.round(hit.width)}×${Math.round(hit.height)}`,
        )
      }
    }
    return small
  })
}

/** Elements that reach past the right edge (the deepest ones): empty when nothing scrolls sideways. */
export async function overflowing(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    if (document.documentElement.scrollWidth <= window.innerWidth) return []
    const wide = [...document.querySelectorAll<HTMLElement>('body *')].filter(
      (element) => element.getBoundingClientRect().right > window.innerWidth + 0.5,
    )
    return wide
      .filter((element) => !wide.some((other) => other !== element && element.contains(other)))
      .slice(0, 5)
      .map((element) => {
        const box = element.getBoundingClientRect()
        const holder = element.parentElement?.closest('[aria-label], [id], article, button')
        const where = holder
          ? `${holder.tagName.toLowerCase()} ${holder.getAttribute('aria-label') ?? holder.id}`
          : ''
        return `${element.tagName.toLowerCase()} "${element.textContent?.slice(0, 30)}" ${Math.round(box.left)}..${Math.round(box.right)} in ${where}`
      })
  })
}

/**
 * One screen of the tour: the screenshot, axe, and on phones the 44×44 rule and, at 320 px, the
 * horizontal scroll check and a second screenshot (both schemes: dark text can clip too).
 * `ready` is awaited first, so the screen is the one named.
 */
export async function visitScreen(
  page: Page,
  { name, viewport, scheme }: { name: string; viewport: Viewport; scheme: Scheme },
) {
  await expectNoSeriousA11yViolations(page)
  await mkdir(TOUR_DIR, { recursive: true })
  await page.screenshot({ path: `${TOUR_DIR}/${viewport}-${scheme}-${name}.png` })
  if (viewport !== 'phone') return
  if (scheme === 'light')
    expect.soft(await smallTargets(page), `controls under 44×44 px on ${name}`).toEqual([])
  await page.setViewportSize(NARROWEST)
  await expect
    .configure({ soft: true })
    .poll(() => overflowing(page), `horizontal scroll at 320 px on ${name} (${scheme})`)
    .toEqual([])
  await page.screenshot({ path: `${TOUR_DIR}/narrowest-${scheme}-${name}.png` })
  await page.setViewportSize(PHONE)
}
