import { expectNoSeriousA11yViolations } from './fixtures/a11y'
import { expect, test } from './fixtures/test'
import { closeMembers, newAdmin } from './support/members'

// Issue 38: an admin renames the community, and a fresh visitor's browser gets the new name in
// the manifest, the page's title and the pre-rendered landing. The name is put back at the end:
// the other specs share this server.
test('an admin renames the community and a fresh visitor sees the new name', async ({
  browser,
  baseURL,
}) => {
  test.slow()
  const origin = baseURL as string
  const admin = await newAdmin(browser, origin)
  const { page } = admin
  const name = `St Mary’s ${Date.now() % 100_000}`
  const rename = (to: string, hero?: string) =>
    admin.context.request.put('/api/v1/admin/community', {
      headers: { Origin: origin },
      data: { name: to, ...(hero ? { hero } : {}) },
    })
  try {
    await page.goto('/admin/community')
    const field = page.getByRole('textbox', { name: 'Name', exact: true })
    await field.fill(name)
    await page.getByRole('textbox', { name: 'Landing page headline' }).fill('Pray with us')
    await page.getByRole('button', { name: 'Save' }).click()
    await expect(page.getByText('Saved. Every page now shows it.')).toBeVisible()
    await expectNoSeriousA11yViolations(page)

    const visitor = await browser.newContext()
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
    const restored = await rename('Prayer Community', 'A safe, reverent space to pray together')
    expect(restored.status()).toBe(200)
    await closeMembers(admin)
  }
})
