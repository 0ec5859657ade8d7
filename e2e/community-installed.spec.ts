import { fileURLToPath } from 'node:url'
import { waitForServiceWorkerControl } from './fixtures/service-worker'
import { expect, test } from './fixtures/test'
import { startBuiltApp } from './support/built-app.mjs'
import { closeMembers, newAdmin } from './support/members'
import { E2E_STAFF_ENV } from './support/staff-addresses'

test.use({ serviceWorkers: 'allow' })

// Issue 38: an admin renames the community and uploads its logo, and a fresh visitor's browser
// offers to install the community's app: the manifest Chromium itself reads (through CDP) names
// it and carries the logo's icons, with nothing in the way of installing. An app of its own:
// the shared server's other specs read the product's name and icons while this one runs, and a
// logo cannot be taken back.
const LOGO = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256" viewBox="0 0 256 256">' +
    '<rect width="256" height="256" fill="#7a1f2b"/><circle cx="128" cy="128" r="80" fill="#f5d76e"/></svg>',
)

type Icon = { src: string; sizes: string; type: string; purpose: string }

test('a fresh visitor installs the community’s app under its new name and icon', async ({
  browser,
  persistentContext,
}) => {
  test.slow()
  const app = await startBuiltApp({
    logFile: fileURLToPath(new URL('../.tmp/e2e-community-installed.log', import.meta.url)),
    env: { ...E2E_STAFF_ENV, TRUST_PROXY: '127.0.0.1' },
  })
  const origin = app.baseURL
  const admin = await newAdmin(browser, origin)
  const { page } = admin
  const name = `St Brigid’s ${Date.now() % 100_000}`
  const shortName = 'St Brigid’s'
  try {
    await page.goto('/admin/community')
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill(name)
    await page.getByRole('textbox', { name: 'Short name' }).fill(shortName)
    await page.getByRole('button', { name: 'Save' }).click()
    await expect(page.getByText('Saved. Every page now shows it.')).toBeVisible()
    await page
      .locator('input[type="file"]')
      .setInputFiles({ name: 'logo.svg', mimeType: 'image/svg+xml', buffer: LOGO })
    await expect(page.getByText(/^The new logo is in place/)).toBeVisible()
    const uploaded = (await (await page.request.get('/api/v1/community/icons')).json()) as {
      logo: boolean
      icons: Icon[]
      appleTouchIcon: string
    }
    expect(uploaded.logo).toBe(true)

    const visitor = persistentContext.pages()[0] ?? (await persistentContext.newPage())
    await visitor.goto(`${origin}/`)
    await waitForServiceWorkerControl(visitor)
    await expect(visitor).toHaveTitle(name)
    await expect(visitor.locator('link[rel="apple-touch-icon"]')).toHaveAttribute(
      'href',
      uploaded.appleTouchIcon,
    )
    const cdp = await persistentContext.newCDPSession(visitor)
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors')
    expect(installabilityErrors).toEqual([])
    const read = await cdp.send('Page.getAppManifest')
    // Chromium's non-critical notes (such as the share target's default enctype) do not stop it.
    expect(read.errors.filter((error) => error.critical)).toEqual([])
    const manifest = JSON.parse(read.data ?? '{}') as {
      name: string
      short_name: string
      icons: Icon[]
    }
    expect(manifest).toMatchObject({ name, short_name: shortName })
    expect(manifest.icons).toEqual(uploaded.icons)
    for (const icon of manifest.icons) {
      const served = await visitor.request.get(new URL(icon.src, read.url).href)
      expect(served.headers()['content-type'], icon.src).toBe('image/png')
    }
  } finally {
    await closeMembers(admin)
    await app.stop()
  }
})
