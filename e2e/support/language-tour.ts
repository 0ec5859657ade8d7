import { mkdir } from 'node:fs/promises'
import type { BrowserContext, Page } from 'playwright/test'
import { expectNoSeriousA11yViolations } from '../fixtures/a11y'
import { expect } from '../fixtures/test'
import { overflowing } from './tour'

// Helpers of e2e/language-tour.spec.ts (issue 42): a screen in a language, and the checks only
// the pseudo-locale can make.

export const LANGUAGE_TOUR_DIR = 'test-results/language-tour'
export const PSEUDO_LOCALE = 'en-XA'
export type TourLanguage = 'es' | 'pt-BR' | 'fr' | 'ar' | typeof PSEUDO_LOCALE

/** Every page of this context opens in `language`, as a device whose menu chose it would. */
export async function openIn(context: BrowserContext, language: TourLanguage) {
  await context.addInitScript((tag) => {
    if (tag === 'en-XA') localStorage.setItem('pseudo-locale', 'on')
    else localStorage.setItem('language', tag)
  }, language)
}

// What is not the app's own words: what members wrote (isolated with dir="auto" or <bdi>, which
// right-to-left needs anyway), dates and times (Intl's, in <time>), and hidden or code text.
const NOT_OURS = 'bdi, [dir="auto"], time, [translate="no"], script, style, noscript, svg, code'

/**
 * In the pseudo-locale, text of the app's that is not accented and bracketed: it did not come from
 * the catalogues. Plain ASCII letters other than v and x (which the accenting keeps) give it away.
 */
export async function untranslatedText(page: Page): Promise<string[]> {
  return page.evaluate((notOurs) => {
    const found: string[] = []
    const visible = (element: Element) => {
      const style = getComputedStyle(element)
      const box = element.getBoundingClientRect()
      return style.visibility !== 'hidden' && box.width > 0 && box.height > 0
    }
    // A message's values (a name, a date, a device) are isolated by translate() in the
    // pseudo-locale: what is left outside them is ours.
    const check = (text: string, where: string) => {
      const ours = text.replace(/\u2068[^\u2069]*\u2069/g, '')
      if (/[A-UWYZa-uwyz]/.test(ours)) found.push(`"${text.slice(0, 60)}" in ${where}`)
    }
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT)
    while (walker.nextNode()) {
      const node = walker.currentNode
      const parent = node.parentElement
      const text = node.textContent?.trim() ?? ''
      if (!parent || !text || parent.closest(notOurs) || !visible(parent)) continue
      check(text, parent.tagName.toLowerCase())
    }
    // What a screen reader says: names and placeholders.
    for (const element of document.querySelectorAll('[aria-label], [placeholder], [title]')) {
      if (element.closest(notOurs) || !visible(element)) continue
      for (const attribute of ['aria-label', 'placeholder', 'title']) {
        const value = element.getAttribute(attribute)?.trim()
        if (value) check(value, `${element.tagName.toLowerCase()}[${attribute}]`)
      }
    }
    return found.slice(0, 10)
  }, NOT_OURS)
}

/**
 * Text cut off by its box: an element whose own text is wider than it is and whose overflow
 * hides the rest without an ellipsis (an ellipsis, or a clamp of several lines, is meant).
 */
export async function clippedText(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const clipped: string[] = []
    for (const element of document.querySelectorAll<HTMLElement>('body *')) {
      const ownText = [...element.childNodes].some(
        (node) => node.nodeType === Node.TEXT_NODE && node.textContent?.trim(),
      )
      if (!ownText || element.clientWidth === 0) continue
      const style = getComputedStyle(element)
      if (style.overflowX === 'visible' || style.textOverflow === 'ellipsis') continue
      // Text for screen readers only (the wall's heading on a phone) is clipped by design.
      if (element.clientWidth <= 1 && style.clipPath !== 'none') continue
      if (element.scrollWidth > element.clientWidth + 1)
        clipped.push(
          `${element.tagName.toLowerCase()} "${element.textContent?.trim().slice(0, 40)}" ${element.scrollWidth}>${element.clientWidth}`,
        )
    }
    return clipped.slice(0, 10)
  })
}


/** One screen in one language: its `lang`, axe, a screenshot, and the pseudo-locale's checks. */
export async function visitInLanguage(
  page: Page,
  { name, language, viewport }: { name: string; language: TourLanguage; viewport: string },
) {
  await expect(page.locator('html')).toHaveAttribute('lang', language)
  await expect(page.locator('html')).toHaveAttribute('dir', language === 'ar' ? 'rtl' : 'ltr')
  await expectNoSeriousA11yViolations(page)
  await mkdir(LANGUAGE_TOUR_DIR, { recursive: true })
  await page.screenshot({ path: `${LANGUAGE_TOUR_DIR}/${language}-${viewport}-${name}.png` })
  if (language === PSEUDO_LOCALE) {
    expect.soft(await untranslatedText(page), `text outside the catalogues on ${name}`).toEqual([])
    expect.soft(await clippedText(page), `clipped text on ${name} (${viewport})`).toEqual([])
  }
  if (viewport === 'phone' && (language === 'ar' || language === PSEUDO_LOCALE)) {
    const size = page.viewportSize()!
    await page.setViewportSize({ width: 320, height: 640 })
    await expect
      .configure({ soft: true })
      .poll(() => overflowing(page), `sideways scroll at 320 px on ${name} (${language})`)
      .toEqual([])
    await page.screenshot({ path: `${LANGUAGE_TOUR_DIR}/${language}-narrowest-${name}.png` })
    await page.setViewportSize(size)
  }
}
