import { lastCopiedText, recordClipboardWrites } from './fixtures/clipboard'
import { expect, test } from './fixtures/test'
import { closeMembers, newMember } from './support/members'
import { pullToRefresh } from './support/pull-to-refresh'
import { askThroughApi, storedDrafts } from './support/wall'

// Issue 17: what makes the installed app behave like one. Share hands out a link that opens the
// item highlighted (and says when only a group's members can open it); text shared from another
// app starts a prayer request; the unread count follows onto the app's icon.

test('Share copies the highlight link, says when a link is for members only, or uses the system sheet', async ({
  browser,
  baseURL,
}) => {
  test.slow()
  const origin = baseURL as string
  const ann = await newMember(browser, origin, 'Ann')
  await ann.context.grantPermissions(['clipboard-write'], { origin })
  await recordClipboardWrites(ann.page)
  const title = `Peace for our street ${Date.now()}`
  const id = await askThroughApi(ann.context, origin, { title })

  // No Web Share API here (desktop Chromium on Linux): the link goes to the clipboard.
  await ann.page.goto('/prayerwall')
  const card = ann.page.getByRole('article', { name: title })
  await card.getByRole('button', { name: 'Share' }).click()
  await expect(ann.page.getByText('Link copied to clipboard.')).toBeVisible()
  const link = await lastCopiedText(ann.page)
  expect(link).toBe(`${origin}/prayerwall?highlight=${id}`)
  await ann.page.goto(link)
  await expect(ann.page.getByRole('article', { name: title })).toHaveAttribute(
    'data-highlighted',
    'true',
  )

  // A private group's request: the link opens it under My Groups, and the message says who can.
  const groupName = `Ann's street ${Date.now()}`
  const group = await ann.context.request.post('/api/v1/groups', {
    headers: { Origin: origin },
    data: { name: groupName },
  })
  expect(group.status()).toBe(201)
  const { id: groupId } = (await group.json()) as { id: string }
  const privateTitle = `Quiet healing for a neighbour ${Date.now()}`
  const privateId = await askThroughApi(ann.context, origin, {
    title: privateTitle,
    destination: 'private_group',
    group_id: groupId,
  })
  await ann.page.goto('/prayerwall?view=groups')
  await ann.page
    .getByRole('article', { name: privateTitle })
    .getByRole('button', { name: 'Share' })
    .click()
  await expect(
    ann.page.getByText(
      `Link copied to clipboard. Only members of ${groupName} can open this link.`,
    ),
  ).toBeVisible()
  expect(await lastCopiedText(ann.page)).toBe(
    `${origin}/prayerwall?view=groups&highlight=${privateId}`,
  )

  // Where the device has the Web Share API, the system sheet gets the same link.
  await ann.page.addInitScript(() => {
    const shared: ShareData[] = []
    Object.assign(window, { shared })
    navigator.share = async (data?: ShareData) => {
      if (data) shared.push(data)
    }
  })
  await ann.page.goto('/prayerwall')
  await ann.page
    .getByRole('article', { name: title })
    .getByRole('button', { name: 'Share' })
    .click()
  await expect
    .poll(() => ann.page.evaluate(() => (window as unknown as { shared: ShareData[] }).shared))
    .toEqual([{ title, url: `${origin}/prayerwall?highlight=${id}` }])
  await closeMembers(ann)
})

test('text shared to the installed app opens the composer with it in Details, kept as a draft', async ({
  browser,
  baseURL,
}) => {
  const origin = baseURL as string
  const bea = await newMember(browser, origin, 'Bea')
  const manifest = (await (await bea.context.request.get('/manifest.webmanifest')).json()) as {
    share_target: { action: string; params: Record<string, string> }
  }
  expect(manifest.share_target.action).toBe('/prayerwall/create')
  const text = 'Please pray for the families flooded out of their homes on the river road.'
  const params = new URLSearchParams({ [manifest.share_target.params.text ?? 'text']: text })

  await bea.page.goto(`${manifest.share_target.action}?${params}`)
  await expect(
    bea.page.getByRole('heading', { level: 1, name: 'Create Prayer Request' }),
  ).toBeVisible()
  await expect(bea.page.getByRole('textbox', { name: 'Details' })).toHaveValue(text)
  // The URL forgets the text (a reload must not paste it twice); the draft keeps it.
  await expect(bea.page).toHaveURL(/\/prayerwall\/create$/)
  await expect.poll(() => storedDrafts(bea.page, 'prayer-composer')).toHaveLength(1)
  await bea.page.reload()
  await expect(bea.page.getByRole('textbox', { name: 'Details' })).toHaveValue(text)
  await closeMembers(bea)
})

test('the app icon badge follows the unread count', async ({ browser, baseURL }) => {
  test.slow()
  const origin = baseURL as string
  const [cal, dan] = [
    await newMember(browser, origin, 'Cal'),
    await newMember(browser, origin, 'Dan'),
  ]
  // Record what the page asks of the Badging API (headless Chromium has no icon to badge).
  await cal.page.addInitScript(() => {
    const badges: number[] = []
    Object.assign(window, { badges })
    navigator.setAppBadge = async (count?: number) => {
      badges.push(count ?? 0)
    }
    navigator.clearAppBadge = async () => {
      badges.push(0)
    }
  })
  const badges = () =>
    cal.page.evaluate(() => (window as unknown as { badges: number[] }).badges.at(-1))
  const title = `Rain for the farms ${Date.now()}`
  const id = await askThroughApi(cal.context, origin, { title })
  await cal.page.goto('/prayerwall')
  await expect(cal.page.getByRole('article', { name: title })).toBeVisible()
  await expect.poll(badges).toBe(0)

  const amen = await dan.context.request.post(`/api/v1/intentions/${id}/reactions`, {
    headers: { Origin: origin },
    data: { kind: 'amen', active: true },
  })
  expect(amen.ok()).toBe(true)
  await expect(cal.page.getByRole('button', { name: 'Notifications, 1 unread' })).toBeVisible()
  await expect.poll(badges).toBe(1)

  await cal.page.getByRole('button', { name: 'Notifications, 1 unread' }).click()
  await cal.page.getByRole('button', { name: 'Mark all read' }).click()
  await expect.poll(badges).toBe(0)
  await closeMembers(cal, dan)
})

test('on a touch screen, pulling the wall down from the top reads the feed again', async ({
  browser,
  baseURL,
}) => {
  const origin = baseURL as string
  const eve = await newMember(browser, origin, 'Eve')
  const title = `Calm for the exam hall ${Date.now()}`
  await askThroughApi(eve.context, origin, { title })
  const phone = await browser.newContext({
    baseURL: origin,
    hasTouch: true,
    viewport: { width: 390, height: 844 },
    storageState: await eve.context.storageState(),
  })
  const page = await phone.newPage()
  await page.goto('/prayerwall')
  await expect(page.getByRole('article', { name: title })).toBeVisible()

  await pullToRefresh(page, '/api/v1/intentions')
  await expect(page.getByText('Release to refresh')).toHaveCount(0)
  await phone.close()
  await closeMembers(eve)
})
