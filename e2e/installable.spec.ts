import { z } from 'zod'
import { expectNoSeriousA11yViolations } from './fixtures/a11y'
import { waitForServiceWorkerControl } from './fixtures/service-worker'
import { expect, test } from './fixtures/test'

test.use({ serviceWorkers: 'allow' })

// What Chromium needs to offer "Install app" (issue 2, PWA skeleton).
const IconSchema = z.object({
  src: z.string(),
  sizes: z.string(),
  type: z.string(),
  purpose: z.string().optional(),
})
const ManifestSchema = z.object({
  name: z.string().min(1),
  short_name: z.string().min(1),
  start_url: z.string().min(1),
  scope: z.string().min(1),
  display: z.enum(['standalone', 'fullscreen', 'minimal-ui']),
  theme_color: z.string().min(1),
  background_color: z.string().min(1),
  icons: z.array(IconSchema).min(1),
})

test('Chromium reports the app installable once the service worker controls it', async ({
  persistentContext: context,
}) => {
  const page = context.pages()[0] ?? (await context.newPage())
  await page.goto('/')
  await waitForServiceWorkerControl(page)
  await expect(
    page.getByRole('heading', { level: 1, name: 'A safe, reverent space to pray together' }),
  ).toBeVisible()
  await expectNoSeriousA11yViolations(page)

  const cdp = await context.newCDPSession(page)
  const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors')
  expect(installabilityErrors).toEqual([])

  const href = await page.locator('link[rel="manifest"]').getAttribute('href')
  expect(href).toBeTruthy()
  const response = await page.request.get(new URL(href ?? '', page.url()).href)
  expect(response.ok()).toBe(true)
  const manifest = ManifestSchema.parse(await response.json())
  const pngSizes = manifest.icons
    .filter((icon) => icon.type === 'image/png')
    .map((icon) => icon.sizes)
  expect(pngSizes).toEqual(expect.arrayContaining(['192x192', '512x512']))
  expect(manifest.icons.some((icon) => icon.purpose?.split(' ').includes('maskable'))).toBe(true)
  for (const icon of manifest.icons) {
    const iconResponse = await page.request.get(new URL(icon.src, response.url()).href)
    expect(iconResponse.headers()['content-type'], icon.src).toContain(icon.type)
  }
})
