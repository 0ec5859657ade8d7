import { expectNoSeriousA11yViolations } from './fixtures/a11y'
import { expect, test } from './fixtures/test'

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
