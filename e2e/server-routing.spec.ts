import { z } from 'zod'
import { expectNoSeriousA11yViolations } from './fixtures/a11y'
import { expect, test } from './fixtures/test'

// DESIGN §4: errors are RFC 9457 problem details.
const ProblemSchema = z.object({ status: z.number(), title: z.string(), detail: z.string() })

test('an unknown API path answers a JSON problem, never the HTML shell', async ({ request }) => {
  // A browser-like Accept header: the SPA fallback must still not answer for /api.
  const response = await request.get('/api/v1/does-not-exist', {
    headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' },
  })
  expect(response.status()).toBe(404)
  expect(response.headers()['content-type']).toContain('application/problem+json')
  const problem = ProblemSchema.parse(await response.json())
  expect(problem).toMatchObject({ status: 404, title: 'not_found' })
})

test('client routes load the app on a direct visit and on reload', async ({ page }) => {
  // A client page under /auth (spec 000 §2) is the app, not a server endpoint or a 404.
  const response = await page.goto('/auth/email')
  expect(response?.status()).toBe(200)
  expect(response?.headers()['content-type']).toContain('text/html')
  await expect(page.getByRole('tab', { name: 'Log In' })).toBeVisible()
  await expectNoSeriousA11yViolations(page)

  await page.reload()
  await expect(page).toHaveURL(/\/auth\/email$/)
  await expect(page.getByRole('tab', { name: 'Log In' })).toBeVisible()

  // A protected page visited directly: the app loads and its guard sends the visitor to log in.
  await page.goto('/prayerwall')
  await expect(page).toHaveURL('/login?next=%2Fprayerwall')
  await expect(page.getByRole('tab', { name: 'Log In' })).toBeVisible()
  await expectNoSeriousA11yViolations(page)
})
