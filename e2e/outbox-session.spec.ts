import { type BrowserContext, type Page, request as apiRequest } from 'playwright/test'
import { goOffline, goOnline } from './fixtures/network'
import { waitForServiceWorkerControl } from './fixtures/service-worker'
import { expect, test } from './fixtures/test'
import { closeMembers, forgiveErrors, type Member, newMember, PASSWORD } from './support/members'
import { countsOf, replayNow } from './support/outbox'
import { askThroughApi } from './support/wall'

test.use({ serviceWorkers: 'allow' })

// Issue 19, DESIGN §6, ADR 0015: writes saved offline survive a session that expired on the
// server. Back online the app asks the member to sign in, says how many prayers wait, and sends
// them once the same member is back, each exactly once. Another member signing in on the device
// never sees or sends them.

const OFFLINE_NOISE =
  /ERR_INTERNET_DISCONNECTED|ERR_CONNECTION_RESET|ERR_FAILED|Failed to fetch|status of 401/

/** The server forgets the session; the browser still holds its cookie (an expired session). */
async function expireSessionOnServer(context: BrowserContext, origin: string) {
  const cookie = (await context.cookies()).map(({ name, value }) => `${name}=${value}`).join('; ')
  const api = await apiRequest.newContext({ baseURL: origin })
  const answer = await api.post('/auth/logout', { headers: { Cookie: cookie, Origin: origin } })
  expect(answer.ok()).toBe(true)
  await api.dispose()
}

async function signInOnPage(page: Page, email: string) {
  await page.getByRole('link', { name: 'Continue with email' }).click()
  await page.getByRole('textbox', { name: 'Email address' }).fill(email)
  await page.getByRole('button', { name: 'Continue' }).click()
  await page.getByLabel(/^Password/).fill(PASSWORD)
  await page.getByRole('button', { name: 'Sign in' }).click()
}

/** How many writes the member's outbox holds on the device (src/lib/outbox/outbox-store.ts). */
function queuedOnDevice(page: Page, userId: string): Promise<number> {
  return page.evaluate(
    (name) =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open(name)
        open.onupgradeneeded = () => open.result.createObjectStore('outbox')
        open.onerror = () => reject(open.error)
        open.onsuccess = () => {
          const read = open.result.transaction('outbox').objectStore('outbox').get('queue')
          read.onsuccess = () => {
            open.result.close()
            resolve(((read.result as unknown[] | undefined) ?? []).length)
          }
          read.onerror = () => reject(read.error)
        }
      }),
    `prayer-outbox-v1:${userId}`,
  )
}

function queuedKinds(page: Page, userId: string): Promise<Record<string, number>> {
  return page.evaluate(
    (name) =>
      new Promise<Record<string, number>>((resolve, reject) => {
        const open = indexedDB.open(name)
        open.onerror = () => reject(open.error)
        open.onsuccess = () => {
          const read = open.result.transaction('outbox').objectStore('outbox').get('queue')
          read.onsuccess = () => {
            const kinds: Record<string, number> = {}
            for (const entry of (read.result ?? []) as { write: { kind: string } }[])
              kinds[entry.write.kind] = (kinds[entry.write.kind] ?? 0) + 1
            resolve(kinds)
          }
        }
      }),
    `prayer-outbox-v1:${userId}`,
  )
}

/** What the service worker relays from Background Sync; no `sync` event fires in tests. */
async function prayerRequests(origin: string, author: Member, count: number, label: string) {
  const titles = Array.from(
    { length: count },
    (_, at) => `${label} ${at + 1} for the family ${Date.now()}`,
  )
  const ids: string[] = []
  for (const title of titles) ids.push(await askThroughApi(author.context, origin, { title }))
  return titles.map((title, at) => ({ title, id: ids[at]! }))
}

async function openWallOffline(member: Member) {
  await member.page.goto('/prayerwall')
  await waitForServiceWorkerControl(member.page)
  await expect(member.page.getByRole('article').first()).toBeVisible()
  await goOffline(member.context)
}

test('30 writes saved offline reach the server once after the expired session signs in again', async ({
  browser,
  baseURL,
}) => {
  test.slow()
  const origin = baseURL as string
  const author = await newMember(browser, origin, 'Ann')
  const member = await newMember(browser, origin, 'Bea')
  const prayers = await prayerRequests(origin, author, 8, 'Safe travels')
  const me = await member.context.request.get('/api/v1/users/me')
  const { user_id: memberId } = (await me.json()) as { user_id: string }
  const { page, context } = member
  await openWallOffline(member)

  // 8 × (Amen, candle, comment), 2 prayers, 3 Amens taken back (the saved write edited to its
  // new end state) and a new prayer request: 30 actions.
  for (const [at, { title }] of prayers.entries()) {
    const card = page.getByRole('article', { name: title })
    await card.getByRole('button', { name: 'Say Amen' }).click()
    await card.getByRole('button', { name: 'Light a candle' }).click()
    await card.getByRole('button', { name: /^Comments/ }).click()
    await card.getByRole('textbox', { name: 'Write a comment' }).fill(`Praying for you, ${at + 1}`)
    // From the keyboard: a click is aimed where Post was a moment before, and the wall under it
    // keeps moving while 30 writes land in the outbox (3 of 10 runs here missed it, one on a
    // fresh clone; by keyboard 5 of 5 passed). Posting by mouse is covered by comments.spec.ts.
    await card.getByRole('button', { name: 'Post' }).press('Enter')
    await expect(card.getByRole('textbox', { name: 'Write a comment' })).toHaveValue('')
    if (at < 3) await card.getByRole('button', { name: 'Said Amen' }).click()
    if (at >= 6) {
      await card.getByRole('button', { name: `Pray now for ${title}` }).click()
      await expect(card.getByText('Prayed today')).toBeVisible({ timeout: 15_000 })
      // The timed prayer's dialog fades out, then gives focus back to Pray now, which scrolls
      // that card into view: the next card's clicks wait until the page has stopped moving.
      await expect(page.getByRole('dialog')).toHaveCount(0)
    }
  }
  const asked = `Strength for my brother's new job ${Date.now()}`
  await page.goto('/prayerwall/create')
  await page.getByRole('textbox', { name: 'Title' }).fill(asked)
  await page
    .getByRole('textbox', { name: 'Details' })
    .fill('He starts on Monday after a long search; pray for courage and good colleagues.')
  await page.getByRole('button', { name: 'Submit' }).click()
  await expect(page.getByText(asked).first()).toBeVisible()

  await expireSessionOnServer(context, origin)
  await goOnline(context)
  await replayNow(page)
  await expect(page.getByRole('heading', { level: 1, name: 'Log in' })).toBeVisible()
  // 8 Amen entries (3 now "taken back"), 8 candles, 8 comments, 2 prayers, 1 request: 27 saved.
  expect(await queuedKinds(page, memberId)).toEqual({
    'intention-reaction': 16,
    comment: 8,
    pray: 2,
    intention: 1,
  })
  await expect(page.getByText('Sign in to send your 27 saved prayers')).toBeVisible()
  for (const { id } of prayers)
    expect(await countsOf(author, id)).toMatchObject({ comments_count: 0 })

  await signInOnPage(page, member.email)
  // Drained once the device holds nothing more; a loaded machine may take a while over 27.
  await expect.poll(() => queuedKinds(page, memberId), { timeout: 60_000 }).toEqual({})
  const counts = await Promise.all(prayers.map(({ id }) => countsOf(author, id)))
  expect(counts).toEqual(
    prayers.map((_, at) =>
      expect.objectContaining({
        amen_count: at < 3 ? 0 : 1,
        candle_count: 1,
        prayed_count: at >= 6 ? 1 : 0,
        comments_count: 1,
      }),
    ),
  )
  const mine = await member.context.request.get(`/api/v1/intentions?limit=50`)
  const titles = ((await mine.json()) as { items: { title: string }[] }).items.map((i) => i.title)
  expect(titles.filter((title) => title === asked)).toHaveLength(1)

  // A second replay (another tab, a rerun) finds nothing left to send.
  await replayNow(page)
  await page.reload()
  expect(await Promise.all(prayers.map(({ id }) => countsOf(author, id)))).toEqual(counts)
  forgiveErrors(member, OFFLINE_NOISE)
  await closeMembers(author, member)
})

test('another member signing in on the device never sees or sends the first member’s saved writes', async ({
  browser,
  baseURL,
}) => {
  const origin = baseURL as string
  const author = await newMember(browser, origin, 'Ann')
  const member = await newMember(browser, origin, 'Bea')
  const other = await newMember(browser, origin, 'Cara')
  const [prayer] = await prayerRequests(origin, author, 1, 'Healing')
  const me = await member.context.request.get('/api/v1/users/me')
  const { user_id: beaId } = (await me.json()) as { user_id: string }
  const { page, context } = member
  await openWallOffline(member)
  const card = page.getByRole('article', { name: prayer!.title })
  await card.getByRole('button', { name: 'Say Amen' }).click()
  await card.getByRole('button', { name: 'Light a candle' }).click()
  await card.getByRole('button', { name: /^Comments/ }).click()
  await card.getByRole('textbox', { name: 'Write a comment' }).fill('Bea’s private words')
  await card.getByRole('button', { name: 'Post' }).click()
  await expect(card.getByText('Pending', { exact: true }).first()).toBeVisible()

  await expireSessionOnServer(context, origin)
  await goOnline(context)
  await replayNow(page)
  await expect(page.getByText('Sign in to send your 3 saved prayers')).toBeVisible()

  await signInOnPage(page, other.email)
  await expect(page).toHaveURL(/\/prayerwall/)
  // The wall is shared with the other worker's specs, which may have pushed the prayer to a later
  // page by now; its highlight link brings it in wherever it is.
  await page.goto(`/prayerwall?highlight=${prayer!.id}`)
  const seen = page.getByRole('article', { name: prayer!.title })
  await expect(seen.getByRole('button', { name: 'Say Amen' })).toBeVisible()
  await expect(seen.getByText('Pending', { exact: true })).toHaveCount(0)
  await seen.getByRole('button', { name: /^Comments/ }).click()
  await expect(seen.getByRole('textbox', { name: 'Write a comment' })).toBeVisible()
  await expect(page.getByText('Bea’s private words')).toHaveCount(0)
  // Bea's outbox left the device; nothing of it reached the server.
  await expect.poll(() => queuedOnDevice(page, beaId)).toBe(0)
  expect(await countsOf(author, prayer!.id)).toMatchObject({
    amen_count: 0,
    candle_count: 0,
    comments_count: 0,
  })
  forgiveErrors(member, OFFLINE_NOISE)
  await closeMembers(author, member, other)
})
