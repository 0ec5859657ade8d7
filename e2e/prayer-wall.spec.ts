import type { APIRequestContext, Browser, BrowserContext, Page } from 'playwright/test'
import { expectNoSeriousA11yViolations } from './fixtures/a11y'
import { collectConsoleErrors } from './fixtures/console-errors'
import { expect, test } from './fixtures/test'

// Spec 001 §2, §4 (issue 4, the wall): A asks for prayer, B prays (the real 5 s timed prayer),
// says Amen and lights a candle, A reloads and sees the counts; A marks it answered and B sees
// it closed; a highlight link scrolls to and rings the card. Axe on every page visited.

const PASSWORD = 'Quiet-Morning-2026'

type DevMail = { to: string; links: string[] }
type Member = { context: BrowserContext; page: Page; displayName: string; errors: string[] }

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
async function newMember(browser: Browser, baseURL: string, label: string): Promise<Member> {
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
  // The link verifies and redirects to the result page (answered by the shell for a browser).
  const verified = await request.get(await mailedLink(request, email, 'verify-email'), {
    maxRedirects: 0,
  })
  expect(verified.headers()['location']).toMatch(/verified=1/)
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

async function askForPrayer(member: Member, origin: string, title: string) {
  const created = await member.context.request.post('/api/v1/intentions', {
    headers: { Origin: origin },
    data: {
      title,
      details:
        'Please pray for my sister as she starts a new treatment this week; the family is worried.',
      tags: ['healing'],
      scripture: null,
      destination: 'public_wall',
      group_id: null,
      identity_mode: 'display_name',
    },
  })
  expect(created.status()).toBe(201)
  return ((await created.json()) as { intention_id: string }).intention_id
}

test('two members: pray, Amen and candle show to the author; answered closes it for both', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000)
  const origin = baseURL as string
  const a = await newMember(browser, origin, 'Ann')
  const b = await newMember(browser, origin, 'Bea')
  const title = `Healing for my sister this week ${Date.now()}`
  const intentionId = await askForPrayer(a, origin, title)

  // A sees the wall, the button to ask, and the own card marked "(You)".
  await a.page.goto('/prayerwall')
  await expect(a.page.getByRole('heading', { level: 1, name: 'Prayer Wall' })).toBeVisible()
  await expect(a.page.getByRole('button', { name: 'Ask for Prayer' })).toBeEnabled()
  const aCard = a.page.getByRole('article', { name: title })
  await expect(aCard.getByText(`${a.displayName} (You)`)).toBeVisible()
  await expectNoSeriousA11yViolations(a.page)

  // B prays through the real timed prayer, says Amen and lights a candle.
  await b.page.goto('/prayerwall')
  const bCard = b.page.getByRole('article', { name: title })
  await expect(bCard.getByText(a.displayName)).toBeVisible()
  await bCard.getByRole('button', { name: `Pray now for ${title}` }).click()
  const prayer = b.page.getByRole('dialog', { name: 'Take a moment to pray' })
  await expect(prayer).toBeVisible()
  await expectNoSeriousA11yViolations(b.page)
  await expect(b.page.getByText('Recorded. Closing…')).toBeVisible({ timeout: 10_000 })
  await expect(b.page.getByRole('dialog')).toHaveCount(0, { timeout: 5_000 })
  await expect(bCard.getByRole('button', { name: 'I Prayed', exact: false })).toBeDisabled()
  await expect(bCard.getByText('Prayed today')).toBeVisible()
  await bCard.getByRole('button', { name: 'Say Amen' }).click()
  await expect(bCard.getByRole('button', { name: 'Said Amen' })).toBeVisible()
  await bCard.getByRole('button', { name: 'Light a candle' }).click()
  await expect(bCard.getByRole('button', { name: 'Candle lit' })).toBeVisible()
  await expect(bCard.getByRole('button', { name: '1 candle' })).toBeVisible()

  // A reloads and sees the counts, and who prayed.
  await a.page.reload()
  await expect(aCard.getByRole('button', { name: '1 prayed' })).toBeVisible()
  await expect(aCard.getByRole('button', { name: '1 amen', exact: true })).toBeVisible()
  await expect(aCard.getByRole('button', { name: '1 candle', exact: true })).toBeVisible()
  await aCard.getByRole('button', { name: '1 prayed' }).click()
  const reactors = a.page.getByRole('dialog', { name: 'Who responded' })
  await expect(reactors.getByText(b.displayName)).toBeVisible()
  await expect(a.page).toHaveURL(new RegExp(`reactions=${intentionId}&tab=prayed`))
  await expectNoSeriousA11yViolations(a.page)
  await a.page.keyboard.press('Escape')
  await expect(a.page).toHaveURL(/\/prayerwall$/)

  // A marks it answered through the menu's dialog.
  await aCard.getByRole('button', { name: `More actions for ${title}` }).click()
  await a.page.getByRole('menuitem', { name: 'Mark as Prayer Answered' }).click()
  const answer = a.page.getByRole('dialog', { name: 'Mark as answered' })
  await expect(answer).toBeVisible()
  await expectNoSeriousA11yViolations(a.page)
  await answer.getByRole('button', { name: 'Mark answered', exact: true }).click()
  await expect(answer).toHaveCount(0)
  await expect(aCard.getByText('Prayer Answered')).toBeVisible()

  // B sees it closed.
  await b.page.reload()
  await expect(bCard.getByText('Prayer Answered')).toBeVisible()
  await expect(bCard.getByText('Comments are disabled for closed prayers.')).toBeVisible()
  await expect(bCard.getByRole('button', { name: 'Said Amen' })).toBeDisabled()
  await expectNoSeriousA11yViolations(b.page)

  for (const member of [a, b]) {
    expect(member.errors, 'unexpected console errors').toEqual([])
    await member.context.close()
  }
})

test('a highlight link loads pages until the card, rings it, then drops the parameter', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000)
  const origin = baseURL as string
  const a = await newMember(browser, origin, 'Cai')
  const title = `An older prayer for courage ${Date.now()}`
  const intentionId = await askForPrayer(a, origin, title)
  // Eleven newer prayers push it onto the second page (10 a page, spec 001 §9).
  for (let index = 0; index < 11; index += 1) {
    await askForPrayer(a, origin, `A newer prayer for peace in our street, number ${index + 1}`)
  }
  await a.page.goto(`/prayerwall?highlight=${intentionId}`)
  const card = a.page.getByRole('article', { name: title })
  await expect(card).toHaveAttribute('data-highlighted', 'true')
  await expect(card).toBeInViewport()
  await expectNoSeriousA11yViolations(a.page)
  await expect(card).not.toHaveAttribute('data-highlighted', 'true', { timeout: 6_000 })
  await expect(a.page).toHaveURL(/\/prayerwall$/)
  expect(a.errors, 'unexpected console errors').toEqual([])
  await a.context.close()
})
