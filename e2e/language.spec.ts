import { expectNoSeriousA11yViolations } from './fixtures/a11y'
import { goOffline, goOnline } from './fixtures/network'
import { waitForServiceWorkerControl } from './fixtures/service-worker'
import { expect, test } from './fixtures/test'
import { closeMembers, forgiveErrors, newMember } from './support/members'

// Issue 42: before signing in, the browser's languages decide; the sign-in page's menu switches
// the open page without a reload, and Arabic mirrors it (<html lang dir>).
test.use({ locale: 'es-MX' })

test('a Spanish browser gets the sign-in in Spanish; Arabic from the menu reads right to left, without a reload', async ({
  page,
}) => {
  await page.goto('/login')
  await expect(page.getByRole('heading', { name: 'Iniciar sesión' })).toBeVisible()
  await expect(page.locator('html')).toHaveAttribute('lang', 'es')
  await expect(page.getByRole('link', { name: 'Continuar con correo electrónico' })).toBeVisible()
  await page.evaluate(() => ((window as { sameDocument?: boolean }).sameDocument = true))

  await page.getByRole('combobox', { name: 'Idioma' }).selectOption('ar')
  await expect(page.getByRole('heading', { name: 'تسجيل الدخول' })).toBeVisible()
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl')
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar')
  expect(await page.evaluate(() => (window as { sameDocument?: boolean }).sameDocument)).toBe(true)
  await expectNoSeriousA11yViolations(page)

  // The pick is kept on this device: a reload opens in Arabic.
  await page.reload()
  await expect(page.getByRole('heading', { name: 'تسجيل الدخول' })).toBeVisible()
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl')
})

test.describe('a member chooses a language on their account', () => {
  // An English browser: the account's choice is what changes the language. The worker is
  // allowed, for its precache of the catalogues.
  test.use({ locale: 'en-US', serviceWorkers: 'allow' })

  test('the open page follows without a reload, and offline a reload still opens in Spanish', async ({
    browser,
  }) => {
    const member = await newMember(browser, process.env.E2E_BASE_URL as string, 'Lucia')
    const { page, context } = member
    await page.goto('/settings/account')
    await page.evaluate(() => ((window as { sameDocument?: boolean }).sameDocument = true))
    await page.getByRole('combobox', { name: 'Language' }).selectOption('es')
    await expect(page.getByRole('combobox', { name: 'Idioma' })).toBeVisible()
    await expect(page.locator('html')).toHaveAttribute('lang', 'es')
    expect(await page.evaluate(() => (window as { sameDocument?: boolean }).sameDocument)).toBe(
      true,
    )
    // Kept on the account: the server answers it.
    const me = await context.request.get('/api/v1/users/me')
    expect(((await me.json()) as { language: unknown }).language).toBe('es')

    // The worker precaches every language's catalogue, so the choice holds with no network.
    await page.goto('/prayerwall')
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await waitForServiceWorkerControl(page)
    await goOffline(context)
    await page.reload()
    await expect(page.locator('html')).toHaveAttribute('lang', 'es')
    await expect(page.getByRole('navigation', { name: 'Principal' })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Funciones' })).toBeVisible()
    await goOnline(context)
    // Offline, the page's and the worker's requests fail by design; Chromium logs each of them.
    forgiveErrors(member, /Failed to load resource: net::ERR_(INTERNET_DISCONNECTED|FAILED)/)
    await closeMembers(member)
  })

  test('in Arabic the bottom bar reads from the right, and nothing scrolls sideways at 320 px', async ({
    browser,
  }) => {
    const member = await newMember(browser, process.env.E2E_BASE_URL as string, 'Maryam')
    const { page } = member
    await page.setViewportSize({ width: 390, height: 844 })
    await page.goto('/settings/account')
    await page.getByRole('combobox', { name: 'Language' }).selectOption('ar')
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl')
    await page.goto('/prayerwall')
    const tabs = page.getByRole('navigation', { name: 'التطبيق' }).getByRole('link')
    await expect(tabs.first()).toBeVisible()
    const first = (await tabs.first().boundingBox())!
    const last = (await tabs.last().boundingBox())!
    expect(first.x, 'the first tab (the wall) is the rightmost').toBeGreaterThan(last.x)
    await page.setViewportSize({ width: 320, height: 640 })
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth))
      .toBe(true)
    await expectNoSeriousA11yViolations(page)
    await closeMembers(member)
  })
})
