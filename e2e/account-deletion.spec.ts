import { ACCOUNT_DELETION_MESSAGES as M } from '@contract/account-deletion'
import { expectNoSeriousA11yViolations } from './fixtures/a11y'
import { expect, test } from './fixtures/test'
import { closeMembers, newMember, PASSWORD } from './support/members'
import { askInGroup, newPrivateGroup } from './support/wall'

// Issue 40 "Delete my account": Ann deletes her account from the account screen and lands on
// the landing page, told it is done; her request leaves Bea's open wall at once, no reload.
// In a private group of theirs, so that other specs' public cards cannot push it off the page.

test('a deleted account’s request disappears from another member’s open wall live', async ({
  browser,
  baseURL,
}) => {
  const origin = baseURL as string
  const ann = await newMember(browser, origin, 'Ann')
  const bea = await newMember(browser, origin, 'Bea')
  const group = await newPrivateGroup(ann.context, origin, `Deletion circle ${Date.now()}`)
  const joined = await bea.context.request.post('/api/v1/groups/join', {
    headers: { Origin: origin },
    data: { code: group.invite_code },
  })
  expect(joined.ok()).toBe(true)
  const title = `Peace for my family through this long winter ${Date.now()}`
  await askInGroup(ann.context, origin, group.id, { title })

  await bea.page.goto('/prayerwall')
  const card = bea.page.getByRole('article', { name: title })
  await expect(card).toBeVisible()

  const { page } = ann
  await page.goto('/settings/account')
  const section = page.getByRole('region', { name: 'Delete my account' })
  await section.getByLabel(M.passwordLabel).fill(PASSWORD)
  await section
    .getByRole('textbox', { name: M.confirmLabel(ann.displayName) })
    .fill(ann.displayName)
  await section.getByRole('button', { name: M.deleteButton }).click()
  const dialog = page.getByRole('dialog', { name: M.dialogTitle })
  await expectNoSeriousA11yViolations(page)
  await dialog.getByRole('button', { name: M.confirmButton }).click()

  await expect(page.getByRole('status').filter({ hasText: M.deleted })).toBeVisible()
  await expect(page).toHaveURL(new URL('/', origin).href)
  // Bea's wall hears it from the hub: the card leaves without a reload.
  await expect(card).toBeHidden({ timeout: 10_000 })

  const signIn = await ann.context.request.post('/auth/password', {
    headers: { Origin: origin },
    data: { email: ann.email, password: PASSWORD, rememberMe: false },
  })
  expect(signIn.status()).toBe(401)
  await closeMembers(ann, bea)
})
