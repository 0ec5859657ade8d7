import type { Browser, Page } from 'playwright/test'
import { expect, test } from './fixtures/test'
import { openIn, PSEUDO_LOCALE, type TourLanguage, visitInLanguage } from './support/language-tour'
import { closeMembers, newAdmin, newNewcomer } from './support/members'
import { DESKTOP, PHONE, seedWall } from './support/tour'

// Issue 42: every screen in every language, on a phone and a desktop: axe clean, photographed to
// test-results/language-tour/ (for review by eye), `<html lang dir>` right. In the pseudo-locale
// (English accented, a third longer, bracketed) no text may be outside the catalogues and none
// clipped; in Arabic and the pseudo-locale nothing scrolls sideways at 320 px. Screens are opened
// by their addresses, so the tour does not depend on any language's words.

test.describe.configure({ mode: 'parallel' })

const LANGUAGES: TourLanguage[] = ['es', 'pt-BR', 'fr', 'ar', PSEUDO_LOCALE]

const VISITOR_SCREENS: [path: string, name: string][] = [
  ['/', 'landing'],
  ['/login', 'sign-in'],
  ['/auth/email', 'sign-in-email'],
  ['/forgot-password', 'forgot-password'],
]

const MEMBER_SCREENS: [path: string, name: string][] = [
  ['/prayerwall', 'wall'],
  ['/prayerwall/create', 'composer'],
  ['/testimonies', 'testimonies'],
  ['/testimonies/create', 'testimony-composer'],
  ['/prayerlist', 'prayer-list'],
  ['/groups', 'groups'],
  ['/groups/join', 'join-group'],
  ['/rooms', 'rooms'],
  ['/rooms/create', 'room-composer'],
  ['/search', 'search'],
  ['/settings/account', 'account'],
  ['/settings/notifications', 'notification-settings'],
  ['/moderation', 'moderation'],
  ['/moderation/members', 'moderation-members'],
  ['/moderation/audit', 'audit-log'],
  ['/admin/community', 'community-settings'],
  ['/admin/invites', 'invites'],
]

/** The page has drawn its screen: a level-one heading, and no loading skeleton left. */
async function drawn(page: Page) {
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible({ timeout: 15_000 })
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 15_000 })
}

for (const language of LANGUAGES) {
  test(`every screen in ${language}, phone and desktop`, async ({ browser }) => {
    test.setTimeout(300_000)
    const origin = process.env.E2E_BASE_URL as string
    const admin = await newAdmin(browser, origin)
    const newcomer = await newNewcomer(browser, origin)
    try {
      await openIn(admin.context, language)
      await openIn(newcomer.context, language)
      await seedWall(admin.context, origin, `${language} ${Date.now()}`)
      for (const [viewport, size] of [
        ['phone', PHONE],
        ['desktop', DESKTOP],
      ] as const) {
        await visitorScreens(browser, language, viewport)
        const onboarding = newcomer.page
        await onboarding.setViewportSize(size)
        await onboarding.goto('/onboarding')
        await drawn(onboarding)
        await visitInLanguage(onboarding, { name: 'onboarding', language, viewport })

        const page = admin.page
        await page.setViewportSize(size)
        for (const [path, name] of MEMBER_SCREENS) {
          await page.goto(path)
          await drawn(page)
          if (name === 'wall') await expect(page.getByRole('article').first()).toBeVisible()
          await visitInLanguage(page, { name, language, viewport })
        }
      }
    } finally {
      await closeMembers(admin, newcomer)
    }
  })
}

async function visitorScreens(
  browser: Browser,
  language: TourLanguage,
  viewport: 'phone' | 'desktop',
) {
  const visitor = await browser.newContext({
    baseURL: process.env.E2E_BASE_URL,
    viewport: viewport === 'phone' ? PHONE : DESKTOP,
  })
  await openIn(visitor, language)
  const page = await visitor.newPage()
  for (const [path, name] of VISITOR_SCREENS) {
    await page.goto(path)
    await drawn(page)
    await visitInLanguage(page, { name, language, viewport })
  }
  await visitor.close()
}
