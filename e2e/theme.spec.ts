import { expect, test } from './fixtures/test'

// No ThemeProvider renders at the root (ADR 0025): MUI's components take the app's theme as
// MUI's own default (scripts/mui-default-theme.mjs) and its colours from the CSS variables in
// index.html (scripts/theme-stylesheet.mjs). A page drawn with MUI must still wear the app's
// colours, in both schemes, and the page itself its background before any script has run.
const SCHEMES = [
  { scheme: 'light', primary: 'rgb(53, 58, 133)', page: 'rgb(251, 248, 241)' },
  { scheme: 'dark', primary: 'rgb(174, 182, 255)', page: 'rgb(13, 19, 38)' },
] as const

for (const { scheme, primary, page: background } of SCHEMES) {
  test(`an MUI page wears the app's theme without a ThemeProvider (${scheme})`, async ({
    page,
  }) => {
    await page.emulateMedia({ colorScheme: scheme })
    await page.goto('/login')
    const button = page.getByRole('link', { name: 'Continue with email' })
    await expect(button).toBeVisible()
    await expect(button).toHaveCSS('background-color', primary)
    await expect(page.locator('body')).toHaveCSS('background-color', background)
  })
}
