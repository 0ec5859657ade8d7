import type { Browser, Page } from 'playwright/test'
import { expect, test } from './fixtures/test'
import { closeMembers, type Member, newModerator, newNewcomer } from './support/members'
import {
  askTypical,
  DESKTOP,
  PHONE,
  type Scheme,
  seedWall,
  TYPICAL_TITLE,
  type Viewport,
  visitScreen,
} from './support/tour'

// Issue 17: every member screen at 390×844 and 1366×900, light and dark. Each screen is
// photographed to test-results/tour/ (for review by eye, not compared), audited with axe, and
// on the phone checked for 44×44 px controls and for horizontal scroll at 320 px. One
// signed-in member (the moderator account, so moderation is part of the tour) per viewport.

// The two viewports go to both workers: run one after the other, the tour was the last file of
// the run and kept one worker busy ~40 s after the other had finished. Each worker then sets up
// its own member, newcomer and wall.
test.describe.configure({ mode: 'parallel' })

let member: Member
let newcomer: Member

test.beforeAll(async ({ browser }, testInfo) => {
  testInfo.setTimeout(60_000)
  const origin = process.env.E2E_BASE_URL as string
  member = await newModerator(browser, origin)
  newcomer = await newNewcomer(browser, origin)
  // The onboarding form needs a dozen chunks before it asks who the member is; fetch them once
  // here, so the tour times the screen and not a cold cache on a loaded machine.
  await newcomer.page.goto('/onboarding')
  await expect(
    newcomer.page.getByRole('button', { name: 'Update profile and Continue' }),
  ).toBeVisible({
    timeout: 30_000,
  })
  await seedWall(member.context, origin, String(Date.now()))
})

test.afterAll(async () => {
  await closeMembers(member, newcomer)
})

for (const viewport of ['phone', 'desktop'] as const) {
  test(`tour on ${viewport}`, async ({ browser }) => {
    test.setTimeout(240_000)
    const size = viewport === 'phone' ? PHONE : DESKTOP
    const page = await member.context.newPage()
    await page.setViewportSize(size)
    const onboarding = newcomer.page
    await onboarding.setViewportSize(size)
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme })
      await onboarding.emulateMedia({ colorScheme: scheme })
      await visitorScreens(browser, viewport, scheme)
      await onboardingScreen(onboarding, viewport, scheme)
      await memberScreens(page, viewport, scheme)
    }
    await page.close()
  })
}

async function visitorScreens(browser: Browser, viewport: Viewport, scheme: Scheme) {
  const visitor = await browser.newContext({
    baseURL: process.env.E2E_BASE_URL,
    viewport: viewport === 'phone' ? PHONE : DESKTOP,
    colorScheme: scheme,
  })
  const page = await visitor.newPage()
  const at = { viewport, scheme }
  await page.goto('/')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await visitScreen(page, { name: 'landing', ...at })
  await page.goto('/login')
  await expect(page.getByRole('heading', { level: 1, name: 'Log in' })).toBeVisible()
  await visitScreen(page, { name: 'sign-in', ...at })
  await page.goto('/auth/email')
  await expect(page.getByRole('textbox', { name: /email/i })).toBeVisible()
  await visitScreen(page, { name: 'sign-in-email', ...at })
  // A known address goes on to the password step, a new one to sign-up (spec 000 §4).
  await page.getByRole('textbox', { name: 'Email address' }).fill(member.email)
  await page.getByRole('button', { name: 'Continue' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Enter your password' })).toBeVisible()
  await visitScreen(page, { name: 'sign-in-password', ...at })
  await page.goto('/auth/email')
  await page.getByRole('textbox', { name: 'Email address' }).fill(`tour-${Date.now()}@example.org`)
  await page.getByRole('button', { name: 'Continue' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Create your account' })).toBeVisible()
  await visitScreen(page, { name: 'sign-up', ...at })
  await visitor.close()
}

/** Signed up and signed in, profile not yet completed: the wall sends them to onboarding. */
async function onboardingScreen(page: Page, viewport: Viewport, scheme: Scheme) {
  await page.goto('/prayerwall')
  await expect(page).toHaveURL(/\/onboarding$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Complete your profile' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Update profile and Continue' })).toBeVisible()
  await visitScreen(page, { name: 'onboarding', viewport, scheme })
}

async function memberScreens(page: Page, viewport: Viewport, scheme: Scheme) {
  const at = { viewport, scheme }
  const phone = viewport === 'phone'

  const title = `${TYPICAL_TITLE} ${viewport} ${scheme} ${Date.now()}`
  await askTypical(page.context(), process.env.E2E_BASE_URL as string, title)
  await page.goto('/prayerwall')
  const typical = page.getByRole('article', { name: title })
  await expect(typical).toBeVisible()
  // The bottom bar is the phone's navigation; from 600 px up the top bar holds everything.
  const bottomBar = page.getByRole('navigation', { name: 'App' })
  if (phone) await expect(bottomBar).toBeVisible()
  else await expect(bottomBar).toHaveCount(0)
  if (phone) {
    const height = (await typical.boundingBox())?.height ?? Infinity
    expect(height, 'a typical request takes at most 45 % of a 390×844 screen').toBeLessThanOrEqual(
      0.45 * PHONE.height,
    )
    expect((await page.getByRole('banner').boundingBox())?.height).toBeLessThanOrEqual(56)
  }
  await visitScreen(page, { name: 'wall', ...at })

  await typical.getByRole('button', { name: /^Comments/ }).click()
  await expect(typical.getByText('No comments yet.')).toBeVisible()
  await visitScreen(page, { name: 'comments', ...at })
  await typical.getByRole('button', { name: /^Comments/ }).click()

  await typical.getByRole('button', { name: /^Pray now/ }).click()
  await expect(page.getByRole('dialog', { name: 'Take a moment to pray' })).toBeVisible()
  await visitScreen(page, { name: 'timed-prayer', ...at })
  await page.keyboard.press('Escape')
  await expect(page.getByRole('dialog')).toHaveCount(0)

  await page.getByRole('button', { name: /^Notifications/ }).click()
  await expect(page.getByRole('dialog', { name: 'Notifications' })).toBeVisible()
  await visitScreen(page, { name: 'notifications', ...at })
  await page.keyboard.press('Escape')
  await expect(page.getByRole('dialog')).toHaveCount(0)

  await (
    phone
      ? page.getByRole('navigation', { name: 'App' }).getByRole('button', { name: 'Me' })
      : page.getByRole('button', { name: member.displayName })
  ).click()
  await expect(page.getByRole('menuitem', { name: 'Sign out' })).toBeVisible()
  await visitScreen(page, { name: 'me', ...at })
  await page.keyboard.press('Escape')
  await expect(page.getByRole('menu')).toHaveCount(0)

  const pages: [path: string, heading: string, name: string][] = [
    ['/prayerwall/create', 'Create Prayer Request', 'composer'],
    ['/testimonies', 'Testimonies', 'testimonies'],
    ['/testimonies/create', 'Share Your Testimony', 'testimony-composer'],
    ['/groups', 'My Groups', 'groups'],
    ['/groups/join', 'Join a private group', 'join'],
    ['/moderation', 'Moderation', 'moderation'],
  ]
  for (const [path, heading, name] of pages) {
    await page.goto(path)
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible()
    if (name === 'testimonies') await expect(page.getByRole('article').first()).toBeVisible()
    await visitScreen(page, { name, ...at })
  }
}
