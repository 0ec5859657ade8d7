import type { Page } from 'playwright/test'
import type { NotificationList } from '../contract/notifications'
import { expectNoSeriousA11yViolations } from './fixtures/a11y'
import { expect, test } from './fixtures/test'
import { closeMembers, type Member, newMember } from './support/members'
import { askThroughApi } from './support/wall'

// Issue 47: grouped notifications. Three members' Amens and comments on one request are two
// entries in the bell panel; one lists who; reading one reads all it folds. The tray's side (one
// system notification counting three prayers) is in system-notifications.spec.ts.

const bell = (page: Page) => page.getByRole('button', { name: /^Notifications/ })

const act = (member: Member, origin: string, path: string, data?: object) =>
  member.context.request.post(path, { headers: { Origin: origin }, ...(data && { data }) })

test('six Amens and comments by three members are two entries; one lists who; reading it reads all', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(150_000)
  const origin = baseURL as string
  const ann = await newMember(browser, origin, 'Ann')
  const others = [
    await newMember(browser, origin, 'Bea'),
    await newMember(browser, origin, 'Cal'),
    await newMember(browser, origin, 'Dan'),
  ]
  const title = `Strength for my sister's recovery ${Date.now()}`
  const id = await askThroughApi(ann.context, origin, { title })
  for (const [index, member] of others.entries()) {
    const path = `/api/v1/intentions/${id}`
    expect(
      (await act(member, origin, `${path}/reactions`, { kind: 'amen', active: true })).ok(),
    ).toBe(true)
    const comment = { content: `Praying for her every morning (${index + 1}).` }
    expect((await act(member, origin, `${path}/comments`, comment)).status()).toBe(201)
  }
  const [bea, cal, dan] = others.map((member) => member.displayName) as [string, string, string]

  await ann.page.goto('/prayerwall')
  await expect(bell(ann.page)).toHaveAccessibleName('Notifications, 2 unread')
  await bell(ann.page).click()
  const panel = ann.page.getByRole('dialog', { name: 'Notifications' })
  await expect(panel.getByText('2 unread notifications', { exact: true })).toBeVisible()
  const amens = panel.getByRole('button', {
    name: `Unread: ${dan} and 2 others said Amen to your intention`,
  })
  const comments = panel.getByRole('button', { name: /^Unread: 3 new comments on your intention/ })
  await expect(amens).toContainText(title)
  await expect(comments).toContainText('Praying for her every morning (3).')
  await expect(panel.getByRole('listitem').filter({ hasText: /your intention/ })).toHaveCount(2)

  // Opening the Amens' entry lists the three members, newest first.
  const amenRow = panel.getByRole('listitem').filter({
    has: ann.page.getByRole('button', { name: `Unread: ${dan} and 2 others said Amen` }),
  })
  await amenRow.getByRole('button', { name: 'Show who' }).click()
  await expect(amenRow.getByRole('button', { name: 'Hide who' })).toHaveAttribute(
    'aria-expanded',
    'true',
  )
  await expect(amenRow.getByRole('list').getByRole('listitem')).toHaveText([dan, cal, bea])
  await expectNoSeriousA11yViolations(ann.page)

  // Marking the comments' entry read reads its three comments; the count counts entries.
  await panel
    .getByRole('button', { name: /^Mark as read: 3 new comments on your intention/ })
    .click()
  await expect(panel.getByText('1 unread notification', { exact: true })).toBeVisible()
  // The panel shows it read at once; the server's answer may come a moment later.
  const served = async () => {
    const list = (await (
      await ann.context.request.get('/api/notifications')
    ).json()) as NotificationList
    const mine = list.items.filter((item) => item.sourceIntentionId === id)
    return {
      entries: mine.map((item) => [item.type, item.readAt === null, item.fold?.count]),
      unread: list.unreadCount,
    }
  }
  await expect.poll(served).toEqual({
    entries: [
      ['IntentionComment', false, 3],
      ['PrayerAmenReaction', true, 3],
    ],
    unread: 1,
  })

  // Opening the other reads it too, and the bell is clear.
  await amens.click()
  await ann.page.waitForURL(`**/prayerwall?highlight=${id}`)
  await expect(bell(ann.page)).toHaveAccessibleName('Notifications')
  await closeMembers(ann, ...others)
})
