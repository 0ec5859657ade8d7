import type { Page } from 'playwright/test'
import { expectNoSeriousA11yViolations } from './fixtures/a11y'
import { expect, test } from './fixtures/test'
import { closeMembers, forgiveErrors, type Member, newMember } from './support/members'
import { askThroughApi } from './support/wall'

// Issue 21: three members of a group, each in a browser of their own, pray together in its live
// room: they see each other arrive and leave, the leader moves the list on, and one member's
// Amen pulses on the others' screens. Someone outside the group gets the not-found page.
// Members choose to be seen ("Show my name"), so arrivals and departures read by name.

async function post(member: Member, origin: string, path: string, data: unknown) {
  const answer = await member.context.request.post(path, { headers: { Origin: origin }, data })
  expect(answer.ok(), `${path} answers ${answer.status()}`).toBe(true)
  return answer.json() as Promise<Record<string, unknown>>
}

async function enter(member: Member, roomId: string) {
  await member.page.goto(`/rooms/${roomId}`)
  const page = member.page
  await expect(page.getByRole('heading', { level: 2 })).toBeVisible()
  await page.getByRole('switch', { name: 'Show my name to the others' }).check()
  return page
}

/** A group of `host` (and `others`), two of its requests, and its room, live since a minute. */
async function liveGroupRoom(host: Member, others: Member[], origin: string) {
  const group = await post(host, origin, '/api/v1/groups', { name: `Vespers ${Date.now()}` })
  for (const member of others)
    await post(member, origin, '/api/v1/groups/join', { code: group.invite_code })
  for (const title of [`For the sick of our parish ${Date.now()}`, `For travellers ${Date.now()}`])
    await askThroughApi(host.context, origin, {
      title,
      destination: 'private_group',
      group_id: group.id,
    })
  const room = await post(host, origin, '/api/v1/rooms', {
    name: 'Evening prayer',
    description: 'We pray for one another.',
    group_id: group.id,
    starts_at: new Date(Date.now() - 60_000).toISOString(),
    duration_minutes: 30,
    repeat: null,
  })
  return room.room_id as string
}

const presence = (page: Page) => page.locator('[data-room-presence]')
/** What the room says when these members are seen: the server lists names alphabetically. */
const here = (...members: Member[]) =>
  `${members
    .map((member) => member.displayName)
    .sort((a, b) => a.localeCompare(b))
    .join(' and ')} are here`
const current = (page: Page) => page.getByRole('heading', { level: 2 })

test('three members pray together in a live room', async ({ browser, baseURL }) => {
  test.slow()
  const origin = baseURL as string
  const [ann, bea, cal] = await Promise.all([
    newMember(browser, origin, 'Ann'),
    newMember(browser, origin, 'Bea'),
    newMember(browser, origin, 'Cal'),
  ])
  const roomId = await liveGroupRoom(ann, [bea, cal], origin)

  // Ann finds it from the bottom bar on her phone (under Me).
  await ann.page.setViewportSize({ width: 390, height: 844 })
  await ann.page.goto('/prayerwall')
  await ann.page
    .getByRole('navigation', { name: 'App' })
    .getByRole('button', { name: 'Me' })
    .click()
  await ann.page.getByRole('menuitem', { name: 'Rooms' }).click()
  await ann.page.getByRole('link', { name: 'Join Evening prayer' }).click()
  await expect(ann.page).toHaveURL(new RegExp(`/rooms/${roomId}$`))
  const annPage = await enter(ann, roomId)
  await expect(presence(annPage)).toHaveText(`${ann.displayName} is here`)

  const beaPage = await enter(bea, roomId)
  await expect(presence(annPage)).toHaveText(here(ann, bea))
  const calPage = await enter(cal, roomId)
  for (const page of [annPage, beaPage, calPage]) await expect(presence(page)).toContainText('and')
  await expect(presence(beaPage)).toContainText(cal.displayName)
  await expectNoSeriousA11yViolations(beaPage)

  // The leader moves the list on: everyone sees the same next intention.
  const before = await current(annPage).textContent()
  await annPage.getByRole('button', { name: 'Next intention' }).click()
  await expect(current(annPage)).not.toHaveText(before ?? '')
  const next = await current(annPage).textContent()
  for (const page of [beaPage, calPage]) await expect(current(page)).toHaveText(next ?? '')
  await expect(beaPage.getByRole('button', { name: 'Next intention' })).toHaveCount(0)

  // Bea's Amen pulses on Ann's and Cal's screens, with its count.
  await beaPage.getByRole('button', { name: 'Amen', exact: true }).click()
  await expect(beaPage.getByRole('button', { name: 'Amen said' })).toBeDisabled()
  for (const page of [annPage, calPage]) {
    await expect(page.getByText('1 Amen', { exact: true })).toBeVisible()
    await expect(page.locator('[data-amen-pulse]')).not.toHaveAttribute('data-amen-pulse', '0')
  }

  // Cal leaves: the others see it.
  await calPage.getByRole('button', { name: 'Leave room' }).click()
  await expect(calPage).toHaveURL(/\/rooms$/)
  for (const page of [annPage, beaPage]) await expect(presence(page)).toHaveText(here(ann, bea))

  await closeMembers(ann, bea, cal)
})

test("a member outside the room's group gets the not-found page", async ({ browser, baseURL }) => {
  test.slow()
  const origin = baseURL as string
  const [ann, dan] = await Promise.all([
    newMember(browser, origin, 'Ann'),
    newMember(browser, origin, 'Dan'),
  ])
  const roomId = await liveGroupRoom(ann, [], origin)
  await dan.page.goto(`/rooms/${roomId}`)
  await expect(dan.page.getByRole('heading', { name: 'Page not found' })).toBeVisible()
  // The browser logs the room's 404 itself; that answer is what this test expects.
  forgiveErrors(dan, new RegExp(`status of 404 .*/api/v1/rooms/${roomId}\\)$`))
  await dan.page.goto('/rooms')
  await expect(dan.page.getByRole('heading', { level: 1, name: 'Prayer Rooms' })).toBeVisible()
  await expect(dan.page.getByRole('link', { name: 'Evening prayer' })).toHaveCount(0)
  await closeMembers(ann, dan)
})
