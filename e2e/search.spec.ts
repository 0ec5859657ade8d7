import { goOffline, goOnline } from './fixtures/network'
import { expect, test } from './fixtures/test'
import { closeMembers, forgiveErrors, type Member, newMember } from './support/members'
import { PHONE } from './support/tour'
import { askThroughApi } from './support/wall'

// Issue 43: search from the phone's top bar, open a result and come back to the same results;
// offline, search the cards already on the device and search again once back online.

let member: Member
// A word no other spec writes, so the results are this spec's cards alone.
const word = `Quokka${Date.now().toString(36)}`

test.beforeAll(async ({ browser }, testInfo) => {
  testInfo.setTimeout(60_000)
  const origin = process.env.E2E_BASE_URL as string
  member = await newMember(browser, origin, 'Seeker')
  await askThroughApi(member.context, origin, { title: `Prayers for the ${word} family` })
  await askThroughApi(member.context, origin, { title: `Comfort for ${word} neighbours today` })
})

test.afterAll(async () => {
  await closeMembers(member)
})

test('search from the phone top bar, open a result, come back to the same results', async () => {
  const { page } = member
  await page.setViewportSize(PHONE)
  await page.goto('/prayerwall')
  await page.getByRole('banner').getByRole('link', { name: 'Search' }).click()
  const field = page.getByRole('searchbox', { name: 'Search requests and testimonies' })
  await field.click()
  await field.pressSequentially(word.toLowerCase(), { delay: 20 })
  const results = page.getByRole('list', { name: 'Search results' })
  await expect(results.getByRole('listitem')).toHaveCount(2)
  await expect(page.getByRole('status').filter({ hasText: '2 results.' })).toBeAttached()
  // The results came while typing, and the field kept the focus.
  await expect(field).toBeFocused()
  await expect(page).toHaveURL(new RegExp(`/search\\?q=${word.toLowerCase()}`))

  await results.getByRole('link', { name: new RegExp(`${word} family`) }).click()
  await expect(page).toHaveURL(/\/prayerwall\?highlight=/)
  await page.goBack()
  await expect(page).toHaveURL(new RegExp(`/search\\?q=${word.toLowerCase()}`))
  await expect(field).toHaveValue(word.toLowerCase())
  await expect(results.getByRole('listitem')).toHaveCount(2)
  await expect(results.getByRole('link', { name: new RegExp(`${word} family`) })).toBeVisible()
})

test('offline, the cards already on the device are searched, and online again searched anew', async () => {
  const { page, context } = member
  await page.setViewportSize(PHONE)
  await page.goto('/prayerwall')
  await expect(page.getByRole('article', { name: new RegExp(`${word} family`) })).toBeVisible()
  await page.getByRole('banner').getByRole('link', { name: 'Search' }).click()
  const field = page.getByRole('searchbox', { name: 'Search requests and testimonies' })
  await expect(field).toBeVisible()

  await goOffline(context)
  await field.fill(`${word} comfort`)
  await expect(page.getByText(/You’re offline: these are matches among/)).toBeVisible()
  const results = page.getByRole('list', { name: 'Search results' })
  await expect(results.getByRole('listitem')).toHaveCount(1)
  await expect(results.getByRole('link', { name: new RegExp(`Comfort for ${word}`) })).toBeVisible()
  await expect(
    page.getByRole('status').filter({ hasText: '1 result on this device.' }),
  ).toBeAttached()

  await goOnline(context)
  await page.getByRole('button', { name: 'Search again' }).click()
  await expect(page.getByRole('status').filter({ hasText: /^1 result\.$/ })).toBeAttached()
  await expect(results.getByRole('link', { name: new RegExp(`Comfort for ${word}`) })).toBeVisible()
  // Offline, the page's other requests (the bell, the hub, the bell panel's code) failed by design.
  forgiveErrors(
    member,
    /ERR_INTERNET_DISCONNECTED|Failed to load resource|Failed to fetch dynamically imported module/,
  )
})
