import { fileURLToPath } from 'node:url'
import { expectNoSeriousA11yViolations } from './fixtures/a11y'
import { expect, test } from './fixtures/test'
import { startBuiltApp } from './support/built-app.mjs'
import { closeMembers, newAdmin } from './support/members'
import { E2E_STAFF_ENV } from './support/staff-addresses'

// Issue 38: an admin renames the community, and a fresh visitor's browser gets the new name in
// the manifest, the page's title and the pre-rendered landing. An app of its own: the shared
// server's other specs read the product's name and hero line while this one runs.
test('an admin renames the community and a fresh visitor sees the new name', async ({
  browser,
}) => {
  test.slow()
  const app = await startBuiltApp({
    logFile: fileURLToPath(new URL('../.tmp/e2e-community.log', import.meta.url)),
    env: { ...E2E_STAFF_ENV, TRUST_PROXY: '127.0.0.1' },
  })
  const origin = app.baseURL
  const admin = await newAdmin(browser, origin)
  const { page } = admin
  const name = `St Mary’s ${Date.now() % 100_000}`
  try {
    await page.goto('/admin/community')
    const field = page.getByRole('textbox', { name: 'Name', exact: true })
    await field.fill(name)
    await page.getByRole('textbox', { name: 'Landing page headline' }).fill('Pray with us')
    await page.getByRole('button', { name: 'Save' }).click()
    await expect(page.getByText('Saved. Every page now shows it.')).toBeVisible()
    await expectNoSeriousA11yViolations(page)

    const visitor = await browser.newContext({ baseURL: origin })
    const landing = await visitor.newPage()
    await landing.goto('/')
    await expect(landing).toHaveTitle(name)
    await expect(landing.getByRole('heading', { level: 1 })).toHaveText('Pray with us')
    await expect(landing.getByRole('banner')).toContainText(name)
    const manifest = (await (await visitor.request.get('/manifest.webmanifest')).json()) as {
      name: string
    }
    expect(manifest.name).toBe(name)
    await visitor.close()
  } finally {
    await closeMembers(admin)
    await app.stop()
  }
})
