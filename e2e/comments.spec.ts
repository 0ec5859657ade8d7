import type { Page } from 'playwright/test'
import { expectNoSeriousA11yViolations } from './fixtures/a11y'
import { expect, test } from './fixtures/test'
import { closeMembers, newMember } from './support/members'

// Spec 001 §2-§8 (issue 4, comments): two members in two browsers. B comments on A's prayer, A
// sees it and its count, B edits it, A has no Edit on it, B likes and says Amen, B reports A's
// comment. Every page visited goes through axe.

async function openComments(page: Page, intentionId: string, title: string) {
  await page.goto(`/prayerwall?highlight=${intentionId}`)
  const card = page.getByRole('article', { name: title })
  await expect(card).toBeVisible()
  return card
}

test('two members comment, edit, react and report on a prayer', async ({ browser, baseURL }) => {
  test.slow()
  const origin = baseURL as string
  const a = await newMember(browser, origin, 'Ann')
  const b = await newMember(browser, origin, 'Bea')

  const title = `Strength for the week ahead ${Date.now()}`
  const created = await a.context.request.post('/api/v1/intentions', {
    headers: { Origin: origin },
    data: {
      title,
      details:
        'Please pray for patience and rest this week; work has been heavy and the family needs me.',
      tags: [],
      scripture: null,
      destination: 'public_wall',
      group_id: null,
      identity_mode: 'display_name',
    },
  })
  expect(created.status()).toBe(201)
  const { intention_id: intentionId } = (await created.json()) as { intention_id: string }

  // B comments: the form, the count and the thread (spec 001 §2).
  const bCard = await openComments(b.page, intentionId, title)
  await bCard.getByRole('button', { name: 'Comments (0)' }).click()
  await expect(bCard.getByText('No comments yet.')).toBeVisible()
  const box = bCard.getByRole('textbox', { name: 'Write a comment' })
  await expect(box).toHaveAttribute('placeholder', 'Write a comment (max 200 characters)')
  await box.fill('Praying for rest for you tonight')
  await expect(bCard.getByText('32/200')).toBeVisible()
  await expectNoSeriousA11yViolations(b.page)
  await bCard.getByRole('button', { name: 'Post' }).click()
  const bComment = bCard.getByRole('listitem', { name: `Comment by ${b.displayName}` })
  await expect(bComment).toContainText('Praying for rest for you tonight')
  await expect(bComment).toContainText('(You)')
  await expect(box).toHaveValue('')
  await expect(bCard.getByRole('button', { name: 'Comments (1)' })).toBeVisible()

  // A sees it with the count, and answers as the prayer's author: "(OP)".
  const aCard = await openComments(a.page, intentionId, title)
  await aCard.getByRole('button', { name: 'Comments (1)' }).click()
  const bCommentForA = aCard.getByRole('listitem', { name: `Comment by ${b.displayName}` })
  await expect(bCommentForA).toContainText('Praying for rest for you tonight')
  await expect(bCommentForA).not.toContainText('(You)')
  await aCard.getByRole('textbox', { name: 'Write a comment' }).fill('Thank you, that means a lot')
  await aCard.getByRole('button', { name: 'Post' }).click()
  const aComment = aCard.getByRole('listitem', { name: `Comment by ${a.displayName}` })
  await expect(aComment).toContainText('(OP)')
  await expect(aComment).toContainText('(You)')
  await expectNoSeriousA11yViolations(a.page)

  // B edits their comment (spec 001 §2 comment states).
  await bComment.getByRole('button', { name: /^More actions/ }).click()
  await b.page.getByRole('menuitem', { name: 'Edit' }).click()
  const editor = bComment.getByRole('textbox', { name: 'Edit comment' })
  await editor.fill('Praying for rest and peace for you tonight')
  await expectNoSeriousA11yViolations(b.page)
  await bComment.getByRole('button', { name: 'Save' }).click()
  await expect(editor).toHaveCount(0)
  await expect(bComment).toContainText('Praying for rest and peace for you tonight')

  // A may not edit B's comment: the menu offers only Report (spec 001 §6).
  await a.page.reload()
  const aCardAgain = a.page.getByRole('article', { name: title })
  await aCardAgain.getByRole('button', { name: 'Comments (2)' }).click()
  const edited = aCardAgain.getByRole('listitem', { name: `Comment by ${b.displayName}` })
  await expect(edited).toContainText('Praying for rest and peace for you tonight')
  await edited.getByRole('button', { name: /^More actions/ }).click()
  const menu = a.page.getByRole('menu')
  await expect(menu.getByRole('menuitem')).toHaveText(['Report'])
  await expectNoSeriousA11yViolations(a.page)
  await a.page.keyboard.press('Escape')

  // B likes and says Amen to A's comment; the counts follow (spec 001 §4).
  await b.page.reload()
  const bCardAgain = b.page.getByRole('article', { name: title })
  await bCardAgain.getByRole('button', { name: 'Comments (2)' }).click()
  const target = bCardAgain.getByRole('listitem', { name: `Comment by ${a.displayName}` })
  await target.getByRole('button', { name: 'Like', exact: true }).click()
  await target.getByRole('button', { name: 'Amen', exact: true }).click()
  await expect(target.getByRole('button', { name: 'Like', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  )
  await expect(target.getByRole('button', { name: 'Show who liked (1)' })).toBeVisible()
  await expect(target.getByRole('button', { name: 'Show who said Amen (1)' })).toBeVisible()
  await target.getByRole('button', { name: 'Show who liked (1)' }).click()
  const reactors = b.page.getByRole('dialog', { name: 'Reactions to this comment' })
  await expect(reactors.getByText(`${b.displayName} (You)`)).toBeVisible()
  await expectNoSeriousA11yViolations(b.page)
  await reactors.getByRole('button', { name: 'Close' }).click()

  // B reports A's comment: "Reported" and the thank-you (spec 001 §2, §4).
  const opener = target.getByRole('button', { name: /^More actions/ })
  await opener.click()
  await b.page.getByRole('menuitem', { name: 'Report' }).click()
  const report = b.page.getByRole('dialog', { name: 'Report this content' })
  await report.getByRole('radio', { name: /^Spam or irrelevant/ }).check()
  await expectNoSeriousA11yViolations(b.page)
  await report.getByRole('button', { name: 'Submit' }).click()
  await expect(target.getByText('Thank you. This has been flagged for review.')).toBeVisible()
  await expect(report).toHaveCount(0)
  await expect(opener).toBeFocused()
  await opener.click()
  await expect(b.page.getByRole('menuitem', { name: 'Reported' })).toBeDisabled()
  await b.page.keyboard.press('Escape')

  // A's view after a reload: the likes and amens counted, nothing about the report.
  await a.page.reload()
  const finalCard = a.page.getByRole('article', { name: title })
  await finalCard.getByRole('button', { name: 'Comments (2)' }).click()
  const own = finalCard.getByRole('listitem', { name: `Comment by ${a.displayName}` })
  await expect(own.getByRole('button', { name: 'Show who liked (1)' })).toBeVisible()
  await own.getByRole('button', { name: /^More actions/ }).click()
  await expect(a.page.getByRole('menuitem', { name: 'Report' })).toBeEnabled()
  await a.page.keyboard.press('Escape')

  await closeMembers(a, b)
})
