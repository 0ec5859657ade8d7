import type { Page } from 'playwright/test'
import { expectNoSeriousA11yViolations } from './fixtures/a11y'
import { expect, test } from './fixtures/test'
import { closeMembers, type Member, newAdmin, newMember, newModerator } from './support/members'

// Issue 8: members report a comment until it is held, the moderator removes it from the queue
// with a reason its author reads in a notification; a post that signals crisis shows its author
// the support resources and reaches the queue marked urgent; the admin-only screens open for an
// admin. Every screen goes through axe.

async function postJson(member: Member, origin: string, path: string, data: unknown) {
  const answer = await member.context.request.post(path, { headers: { Origin: origin }, data })
  expect(answer.status(), `POST ${path}`).toBeLessThan(300)
  return answer.status() === 204 ? null : ((await answer.json()) as Record<string, unknown>)
}

async function openComments(page: Page, intentionId: string, title: string) {
  await page.goto(`/prayerwall?highlight=${intentionId}`)
  const card = page.getByRole('article', { name: title })
  await card.getByRole('button', { name: /^Comments \(/ }).click()
  return card
}

/**
 * The queue's order (urgent first, then most reported): the card holding `text` is listed, and
 * only urgent cards come before it (other specs running beside this one may add urgent posts).
 */
async function expectAtTopOfQueue(page: Page, text: string, { urgent }: { urgent: boolean }) {
  await expect(page.getByRole('article').filter({ hasText: text })).toBeVisible()
  const cards = await page.getByRole('article').allInnerTexts()
  const index = cards.findIndex((card) => card.includes(text))
  const before = cards.slice(0, index)
  expect(
    before.filter((card) => !card.includes('Urgent')),
    'only urgent items come first',
  ).toEqual([])
  expect(cards[index]?.includes('Urgent')).toBe(urgent)
}

async function openQueueFromMenu(moderator: Member) {
  const { page } = moderator
  await page.goto('/prayerwall')
  await page.getByRole('button', { name: moderator.displayName }).click()
  await page.getByRole('menuitem', { name: 'Moderation' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Moderation' })).toBeVisible()
}

test('three reports hold a comment; the moderator removes it and its author reads why', async ({
  browser,
  baseURL,
}) => {
  test.slow()
  const origin = baseURL as string
  const ann = await newMember(browser, origin, 'Ann')
  const cal = await newMember(browser, origin, 'Cal')
  const bea = await newMember(browser, origin, 'Bea')
  const dan = await newMember(browser, origin, 'Dan')
  const moderator = await newModerator(browser, origin)

  const title = `Peace for our street after the storm ${Date.now()}`
  const intention = await postJson(ann, origin, '/api/v1/intentions', {
    title,
    details:
      'The storm took roofs and fences on our street; pray for patience, help and kind neighbours this week.',
    tags: [],
    scripture: null,
    destination: 'public_wall',
    group_id: null,
    identity_mode: 'display_name',
  })
  const intentionId = intention?.intention_id as string
  const words = `Visit my shop for storm deals ${Date.now()}`
  const comment = await postJson(cal, origin, `/api/v1/intentions/${intentionId}/comments`, {
    content: words,
  })
  const commentId = comment?.comment_id as string

  // Two members report through the API; the third through the comment's menu.
  const reportPath = `/api/v1/intentions/${intentionId}/comments/${commentId}/report`
  await postJson(ann, origin, reportPath, { category: 'spam', note: 'An advert, not a prayer' })
  await postJson(dan, origin, reportPath, { category: 'spam', note: null })
  const beaCard = await openComments(bea.page, intentionId, title)
  const calsComment = beaCard.getByRole('listitem', { name: `Comment by ${cal.displayName}` })
  await expect(calsComment).toContainText(words)
  await calsComment.getByRole('button', { name: /^More actions/ }).click()
  await bea.page.getByRole('menuitem', { name: 'Report' }).click()
  const report = bea.page.getByRole('dialog', { name: 'Report this content' })
  await report.getByRole('radio', { name: /^Inappropriate or offensive/ }).check()
  await report.getByRole('button', { name: 'Submit' }).click()
  await expect(beaCard.getByText('Thank you. This has been flagged for review.')).toBeVisible()

  // Held: gone for the others, still there for its author, marked "Under review".
  const annCard = await openComments(ann.page, intentionId, title)
  await expect(annCard.getByText('No comments yet.')).toBeVisible()
  await expect(annCard.getByText(words)).toHaveCount(0)
  const calCard = await openComments(cal.page, intentionId, title)
  const held = calCard.getByRole('listitem', { name: `Comment by ${cal.displayName}` })
  await expect(held).toContainText(words)
  await expect(held).toContainText('Under review')
  await expectNoSeriousA11yViolations(cal.page)

  // The moderator finds it at the top of the queue, reports and all, reporters unnamed.
  await openQueueFromMenu(moderator)
  const { page } = moderator
  await expectAtTopOfQueue(page, words, { urgent: false })
  const item = page.getByRole('article').filter({ hasText: words })
  await expect(item.getByRole('heading', { level: 3 })).toHaveText(/^3 reports/)
  await expect(item.getByRole('list', { name: 'Report categories' })).toContainText(
    'Spam or irrelevant × 2',
  )
  await expect(item).toContainText('“An advert, not a prayer”')
  await expect(item).toContainText('Hidden until reviewed')
  await expect(item).not.toContainText('reported by')
  await expectNoSeriousA11yViolations(page)

  const reason = 'Adverts are not allowed on the wall.'
  await item.getByRole('button', { name: 'Remove…' }).click()
  const dialog = page.getByRole('dialog', { name: 'Remove this comment?' })
  await dialog.getByRole('button', { name: 'Remove' }).click()
  await expect(dialog.getByText('Please give a reason.')).toBeVisible()
  await dialog.getByRole('textbox', { name: /Reason/ }).fill(reason)
  await expectNoSeriousA11yViolations(page)
  await dialog.getByRole('button', { name: 'Remove' }).click()
  await expect(page.getByText('Comment removed. Its author has been told why.')).toBeVisible()
  await expect(page.getByRole('article').filter({ hasText: words })).toHaveCount(0)

  // Its author hears at once (the bell, live), the comment leaves their open thread, and the
  // notifications panel gives the reason.
  await expect(cal.page.getByRole('button', { name: 'Notifications, 1 unread' })).toBeVisible({
    timeout: 15_000,
  })
  await expect(calCard.getByText('No comments yet.')).toBeVisible()
  await cal.page.getByRole('button', { name: /^Notifications/ }).click()
  const panel = cal.page.getByRole('dialog', { name: 'Notifications' })
  await expect(panel.getByText('A moderator removed your comment')).toBeVisible()
  await expect(panel.getByText(`Reason: ${reason}`)).toBeVisible()
  await expectNoSeriousA11yViolations(cal.page)

  await closeMembers(ann, cal, bea, dan, moderator)
})

test('a crisis post shows its author the resources at once and reaches the queue as urgent', async ({
  browser,
  baseURL,
}) => {
  test.slow()
  const origin = baseURL as string
  const eve = await newMember(browser, origin, 'Eve')
  const moderator = await newModerator(browser, origin)

  // A member is told, kindly, that the queue is not theirs.
  await eve.page.goto('/moderation')
  await expect(eve.page.getByRole('heading', { level: 1, name: 'Not allowed' })).toBeVisible()
  await expectNoSeriousA11yViolations(eve.page)

  const title = `Please hold me in prayer tonight ${Date.now()}`
  await eve.page.goto('/prayerwall/create')
  await eve.page.getByRole('textbox', { name: 'Title' }).fill(title)
  await eve.page
    .getByRole('textbox', { name: 'Details' })
    .fill(
      'Some nights I feel I want to end my life. Please pray that I find the strength to call someone tomorrow.',
    )
  await eve.page.getByRole('button', { name: 'Submit' }).click()
  const support = eve.page.getByRole('dialog', { name: 'You are not alone' })
  await expect(
    support.getByRole('link', { name: 'Find a Helpline (international directory)' }),
  ).toHaveAttribute('href', 'https://findahelpline.com')
  await expectNoSeriousA11yViolations(eve.page)
  await support.getByRole('button', { name: 'Continue to the Prayer Wall' }).click()
  await expect(eve.page.getByRole('article', { name: title })).toBeVisible()

  await openQueueFromMenu(moderator)
  await expectAtTopOfQueue(moderator.page, title, { urgent: true })
  const item = moderator.page.getByRole('article', { name: title })
  await expect(item).toContainText('No reports yet: flagged automatically.')
  await expectNoSeriousA11yViolations(moderator.page)

  await closeMembers(eve, moderator)
})

test('an admin edits the blocklist, reads the audit log and opens the roles screen', async ({
  browser,
  baseURL,
}) => {
  test.slow()
  const origin = baseURL as string
  const admin = await newAdmin(browser, origin)
  // Signed in (or created) so the roles screen has a moderator to find.
  const moderator = await newModerator(browser, origin)
  const { page } = admin
  await page.goto('/moderation')
  const nav = page.getByRole('navigation', { name: 'Moderation' })

  await nav.getByRole('link', { name: 'Blocked phrases' }).click()
  const phrase = `e2e blocked phrase ${Date.now()}`
  await page.getByRole('textbox', { name: /Word or phrase/ }).fill(phrase)
  await page.getByRole('button', { name: 'Add' }).click()
  await expect(page.getByRole('listitem').filter({ hasText: phrase })).toContainText(
    `Added by ${admin.displayName}`,
  )
  await expectNoSeriousA11yViolations(page)
  await page.getByRole('button', { name: `Remove “${phrase}”` }).click()
  await expect(page.getByRole('listitem').filter({ hasText: phrase })).toHaveCount(0)

  await nav.getByRole('link', { name: 'Audit log' }).click()
  const log = page.getByRole('table', { name: 'Audit log' })
  await expect(log.getByRole('row').filter({ hasText: `Phrase “${phrase}”` })).toHaveCount(2)
  await expect(log.getByRole('row').nth(1)).toContainText('Unblocked phrase')
  await expectNoSeriousA11yViolations(page)

  await nav.getByRole('link', { name: 'Roles' }).click()
  await page.getByRole('searchbox', { name: 'Search members' }).fill(moderator.email)
  const members = page.getByRole('list', { name: 'Members' })
  await expect(members.getByRole('listitem')).toHaveCount(1)
  await expect(members).toContainText('Moderator')
  await members.getByRole('button', { name: /^Revoke moderator from/ }).click()
  const confirm = page.getByRole('dialog', { name: /^Revoke moderator from/ })
  await expectNoSeriousA11yViolations(page)
  // Cancelled: the moderator account serves the other tests of this run.
  await confirm.getByRole('button', { name: 'Cancel' }).click()
  await expect(confirm).toHaveCount(0)

  await closeMembers(admin, moderator)
})
