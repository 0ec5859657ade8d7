import type { APIRequestContext, Browser } from 'playwright/test'
import { expectNoSeriousA11yViolations } from './fixtures/a11y'
import { collectConsoleErrors } from './fixtures/console-errors'
import { expect, test } from './fixtures/test'

// Spec 001 §2 (issue 5): a member answers a prayer, shares a testimony linked to it from the
// form, lands on the feed with the success message, says Amen, sees who said it and opens the
// linked prayer. Every page visited goes through axe.

const PASSWORD = 'Quiet-Morning-2026'

type DevMail = { to: string; links: string[] }

async function mailedLink(request: APIRequestContext, email: string, path: string) {
  let link: string | undefined
  await expect
    .poll(async () => {
      const mails = (await (await request.get('/__dev/mail')).json()) as DevMail[]
      link = mails.find((mail) => mail.to === email)?.links.find((url) => url.includes(path))
      return link
    })
    .toBeTruthy()
  return link as string
}

/** A verified, onboarded member signed in in a browser of their own (through the API). */
async function newMember(browser: Browser, baseURL: string, label: string) {
  const context = await browser.newContext({ baseURL })
  const errors = collectConsoleErrors(context, [])
  const { request } = context
  const headers = { Origin: baseURL }
  const email = `${label.toLowerCase()}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.org`
  const signUp = await request.post('/auth/signup', {
    headers,
    data: { email, password: PASSWORD, confirmPassword: PASSWORD, acceptTerms: true },
  })
  expect(signUp.status()).toBe(202)
  const link = new URL(await mailedLink(request, email, 'verify-email'))
  await request.get(link.pathname + link.search)
  const signIn = await request.post('/auth/password', {
    headers,
    data: { email, password: PASSWORD, rememberMe: false },
  })
  expect(signIn.status()).toBe(204)
  const profile = await request.post('/api/v1/users/profile', {
    headers,
    data: {
      first_name: label,
      last_name: 'Tester',
      email,
      country_iso2: 'IE',
      gender: 'female',
      birth_month: 3,
      birth_day: 14,
    },
  })
  expect(profile.status()).toBe(200)
  const { display_name } = (await profile.json()) as { display_name: string }
  return { context, page: await context.newPage(), displayName: display_name, errors }
}

test('a member shares a testimony from an answered prayer and others can say Amen', async ({
  browser,
  baseURL,
}) => {
  test.slow()
  const origin = baseURL as string
  const member = await newMember(browser, origin, 'Tess')
  const { page, context } = member

  const prayerTitle = `Safe travels home for my sister ${Date.now()}`
  const created = await context.request.post('/api/v1/intentions', {
    headers: { Origin: origin },
    data: {
      title: prayerTitle,
      details:
        'Please pray for a safe journey home for my sister across the winter roads this week.',
      tags: [],
      scripture: null,
      destination: 'public_wall',
      group_id: null,
      identity_mode: 'display_name',
    },
  })
  expect(created.status()).toBe(201)
  const { intention_id: intentionId } = (await created.json()) as { intention_id: string }
  const answered = await context.request.patch(`/api/v1/intentions/${intentionId}/status`, {
    headers: { Origin: origin },
    data: { status: 'answered' },
  })
  expect(answered.ok()).toBe(true)

  await page.goto('/testimonies/create')
  await expect(page.getByRole('heading', { level: 1, name: 'Share Your Testimony' })).toBeVisible()
  await page.getByRole('radio', { name: prayerTitle }).check()
  const title = `She arrived home safely ${Date.now()}`
  await page.getByRole('textbox', { name: /Title/ }).fill(title)
  await page
    .getByRole('textbox', { name: /Your story/ })
    .fill(
      'The roads were icy all week, but my sister arrived home safely and in good spirits. Thank you all.',
    )
  await page.getByRole('textbox', { name: 'Category tags' }).fill('Travel')
  await page.keyboard.press('Enter')
  await expect(page.getByText('Draft saved automatically')).toBeVisible()
  await expectNoSeriousA11yViolations(page)
  await page.getByRole('button', { name: 'Share Testimony' }).click()

  await expect(page.getByText('Your testimony has been shared successfully!')).toBeVisible()
  const card = page.getByRole('article', { name: title })
  await expect(card).toContainText(`${member.displayName} (You)`)
  await expect(card).toContainText('travel')
  await expectNoSeriousA11yViolations(page)

  await card.getByRole('button', { name: 'Say Amen', exact: true }).click()
  await expect(card.getByRole('button', { name: 'Said Amen', exact: true })).toBeVisible()
  await card.getByRole('button', { name: /^1 Amen/ }).click()
  const reactors = page.getByRole('dialog', { name: 'Who said Amen' })
  await expect(reactors).toContainText(`${member.displayName} (You)`)
  await expectNoSeriousA11yViolations(page)
  await page.keyboard.press('Escape')

  await card.getByRole('button', { name: /From prayer/ }).click()
  const details = page.getByRole('dialog', { name: 'Prayer Details' })
  await expect(details).toContainText('Answered')
  await expect(details.getByRole('link', { name: 'View on Prayer Wall' })).toHaveAttribute(
    'href',
    `/prayerwall?highlight=${intentionId}`,
  )
  await expectNoSeriousA11yViolations(page)
  await page.keyboard.press('Escape')
  await expect(details).toHaveCount(0)

  expect(member.errors).toEqual([])
  await context.close()
})
