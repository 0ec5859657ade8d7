import type { APIRequestContext, Page } from 'playwright/test'
import { expectNoSeriousA11yViolations } from './fixtures/a11y'
import { lastCopiedText, recordClipboardWrites } from './fixtures/clipboard'
import { expect, test } from './fixtures/test'
import { storedDrafts } from './support/wall'

// Spec 001 §2, §4, §9 and DESIGN §4: a member posts to the wall through the composer (the draft
// survives a reload), starts a private group, a second member joins it by the invite link, and a
// private request is visible to members only.

const PASSWORD = 'Quiet-Morning-2026'
const TITLE = 'Please pray for my mother in hospital this week'
const DETAILS =
  'She has surgery on Monday morning and we are hoping for a calm recovery and good news for the family.'

type DevMail = { to: string; links: string[] }

// A verified member with a finished profile, signed in on `request` (its context's cookies).
async function createMember(request: APIRequestContext, origin: string, name: string) {
  const email = `${name.toLowerCase()}-${Date.now()}@example.org`
  const headers = { Origin: origin }
  const signUp = await request.post('/auth/signup', {
    headers,
    data: { email, password: PASSWORD, confirmPassword: PASSWORD, acceptTerms: true },
  })
  expect(signUp.status()).toBe(202)
  let link: string | undefined
  await expect
    .poll(async () => {
      const mails = (await (await request.get('/__dev/mail')).json()) as DevMail[]
      link = mails
        .find((mail) => mail.to === email)
        ?.links.find((url) => url.includes('verify-email'))
      return link
    })
    .toBeTruthy()
  await request.get(link as string)
  const signIn = await request.post('/auth/password', {
    headers,
    data: { email, password: PASSWORD, rememberMe: false },
  })
  expect(signIn.status()).toBe(204)
  const profile = await request.post('/api/v1/users/profile', {
    headers,
    data: {
      first_name: name,
      last_name: 'Lee',
      email,
      country_iso2: 'IE',
      gender: 'female',
      birth_month: 2,
      birth_day: 12,
    },
  })
  expect(profile.ok()).toBe(true)
  return email
}

async function fillRequest(page: Page, title: string) {
  await page.getByRole('textbox', { name: 'Title' }).fill(title)
  await page.getByRole('textbox', { name: 'Details' }).fill(DETAILS)
}

test('a member posts a public prayer through the composer; a reload keeps the draft', async ({
  page,
  baseURL,
}) => {
  test.slow()
  await createMember(page.request, baseURL as string, 'Ann')
  const visited: string[] = []
  page.on('framenavigated', (frame) => visited.push(frame.url()))

  await page.goto('/prayerwall/create')
  await expect(page.getByRole('heading', { level: 1, name: 'Create Prayer Request' })).toBeVisible()
  await expect(
    page.getByText('Visible to everyone on the Wall. You can post anonymously.'),
  ).toBeVisible()
  await expect(page.getByText('Join or create a group to post privately.')).toBeVisible()
  await expectNoSeriousA11yViolations(page)

  // Midway through typing, the page reloads: the draft (IndexedDB) brings the text back.
  await page.getByRole('textbox', { name: 'Title' }).fill(TITLE)
  // The save lands in IndexedDB after a 300 ms pause in typing.
  await expect.poll(() => storedDrafts(page, 'prayer-composer')).toHaveLength(1)
  await page.reload()
  await expect(page.getByRole('textbox', { name: 'Title' })).toHaveValue(TITLE)

  await page.getByRole('textbox', { name: 'Details' }).fill(DETAILS)
  await page.getByRole('combobox', { name: 'Tags' }).fill('Healing!')
  await page.getByRole('combobox', { name: 'Tags' }).press('Enter')
  await expect(page.getByRole('button', { name: 'healing' })).toBeVisible()
  await expectNoSeriousA11yViolations(page)

  const created = page.waitForResponse(
    (answer) => answer.url().endsWith('/api/v1/intentions') && answer.request().method() === 'POST',
  )
  await page.getByRole('button', { name: 'Submit' }).click()
  const answer = await created
  expect(answer.status()).toBe(201)
  const { intention_id: id } = (await answer.json()) as { intention_id: string }
  await expect(page).toHaveURL(/\/prayerwall(\?|$)/)
  expect(visited.some((url) => url.includes(`/prayerwall?highlight=${id}`))).toBe(true)
  await expectNoSeriousA11yViolations(page)

  const stored = await page.request.get(`/api/v1/intentions/${id}`)
  expect(await stored.json()).toMatchObject({
    title: TITLE,
    tags: ['healing'],
    identity_mode: 'display_name',
  })

  // The draft was cleared by the successful submit.
  await page.goto('/prayerwall/create')
  await expect(page.getByRole('heading', { level: 1, name: 'Create Prayer Request' })).toBeVisible()
  await expect.poll(() => storedDrafts(page, 'prayer-composer')).toEqual([])
  await expect(page.getByRole('textbox', { name: 'Title' })).toHaveValue('')
})

test('a private group: created, joined by its invite link, and its prayer seen by members only', async ({
  page,
  baseURL,
  browser,
}) => {
  test.slow()
  const origin = baseURL as string
  await createMember(page.request, origin, 'Ann')
  await page.context().grantPermissions(['clipboard-write'], { origin })
  await recordClipboardWrites(page)

  await page.goto('/groups')
  await expect(page.getByRole('heading', { level: 1, name: 'My Groups' })).toBeVisible()
  await expectNoSeriousA11yViolations(page)
  await page.getByRole('textbox', { name: 'Group name' }).fill('Night Watch')
  await page.getByRole('button', { name: 'Create group' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Night Watch' })).toBeVisible()
  await page.getByRole('button', { name: 'Copy link' }).click()
  await expect(page.getByText('Invite link copied.')).toBeVisible()
  const invite = await lastCopiedText(page)
  expect(invite).toMatch(/\/groups\/join\?code=[0-9A-Z]{8}$/)
  await expectNoSeriousA11yViolations(page)

  const member = await browser.newContext({ baseURL: origin })
  const outsider = await browser.newContext({ baseURL: origin })
  try {
    const memberPage = await member.newPage()
    await createMember(member.request, origin, 'Bea')
    await createMember(outsider.request, origin, 'Cal')
    await memberPage.goto(invite)
    await expect(
      memberPage.getByRole('heading', { level: 1, name: 'Join a private group' }),
    ).toBeVisible()
    await expectNoSeriousA11yViolations(memberPage)
    await memberPage.getByRole('button', { name: 'Join group' }).click()
    await expect(memberPage.getByRole('heading', { level: 1, name: 'Night Watch' })).toBeVisible()
    const members = memberPage.getByRole('region', { name: 'Members' }).getByRole('listitem')
    await expect(members).toHaveCount(2)
    await expect(members.filter({ hasText: '(You)' })).toHaveCount(1)

    await page.goto('/prayerwall/create')
    await fillRequest(page, 'Pray with us for the night shift nurses')
    await page.getByRole('radio', { name: 'Private Group' }).check()
    await page.getByRole('combobox', { name: 'Group' }).click()
    await page.getByRole('option', { name: 'Night Watch' }).click()
    await expect(page.getByText('Visible only to members of Night Watch.')).toBeVisible()
    await expect(page.getByRole('combobox', { name: 'Identity' })).toContainText(
      'First + Last Name',
    )
    await expectNoSeriousA11yViolations(page)
    const created = page.waitForResponse(
      (answer) =>
        answer.url().endsWith('/api/v1/intentions') && answer.request().method() === 'POST',
    )
    await page.getByRole('button', { name: 'Submit' }).click()
    const { intention_id: id } = (await (await created).json()) as { intention_id: string }
    await expect(page).toHaveURL(/\/prayerwall(\?|$)/)

    expect((await member.request.get(`/api/v1/intentions/${id}`)).status()).toBe(200)
    expect((await outsider.request.get(`/api/v1/intentions/${id}`)).status()).toBe(404)
  } finally {
    await member.close()
    await outsider.close()
  }
})
