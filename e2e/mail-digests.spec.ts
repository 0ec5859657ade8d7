import { expectNoSeriousA11yViolations } from './fixtures/a11y'
import { expect, test } from './fixtures/test'
import { closeMembers, newMember } from './support/members'
import { askThroughApi } from './support/wall'

// Issue 46: a member who lives by mail. Ann chooses a daily digest on the settings screen, Bea
// prays for her request, the daily digest job runs (the dev route, as a person testing would),
// Ann reads the digest in the dev mailbox, follows its link into the app, and stops such mail
// from its footer without signing in.

type DevMail = {
  to: string
  subject: string
  text: string
  html: string
  links: string[]
  headers: Record<string, string>
}

test('set the email preferences, run the daily digest, read it, follow it, unsubscribe from it', async ({
  browser,
  baseURL,
}) => {
  test.slow()
  const origin = baseURL as string
  const ann = await newMember(browser, origin, 'Ann')
  const bea = await newMember(browser, origin, 'Bea')
  const title = `Peace for my father before his operation ${Date.now()}`
  const intentionId = await askThroughApi(ann.context, origin, { title })
  const { page } = ann

  await page.goto('/settings/notifications')
  const section = page.getByRole('region', { name: 'By email' })
  await section.getByRole('radio', { name: 'In a daily digest, in the morning' }).check()
  await section.getByRole('button', { name: 'Save email preferences' }).click()
  await expect(section.getByText('Email preferences saved.')).toBeVisible()
  await expectNoSeriousA11yViolations(page)

  const prayed = await bea.context.request.post(`/api/v1/intentions/${intentionId}/pray`, {
    headers: { Origin: origin },
  })
  expect(prayed.ok()).toBe(true)
  // The prayer's notification is written by a subscriber a moment after the answer: the digest
  // gathers unread notifications, so it runs once Ann has it (else it is empty and skipped).
  await expect
    .poll(async () => {
      const list = await ann.context.request.get('/api/notifications')
      return ((await list.json()) as { unreadCount: number }).unreadCount
    })
    .toBeGreaterThan(0)
  const run = await ann.context.request.post('/__dev/jobs/daily-digest/run')
  expect(run.status()).toBe(202)

  let digest: DevMail | undefined
  await expect
    .poll(
      async () => {
        const mails = (await (await ann.context.request.get('/__dev/mail')).json()) as DevMail[]
        digest = mails.find(
          (mail) => mail.to === ann.email && mail.subject === 'News on your prayer requests',
        )
        return digest
      },
      { timeout: 15_000 },
    )
    .toBeTruthy()
  expect(digest!.text).toContain(`${bea.displayName} prayed for you`)
  expect(digest!.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click')

  // Its first link opens the app at the request.
  const itemLink = digest!.links[0]!
  expect(itemLink).toContain(`/prayerwall?highlight=${intentionId}`)
  await page.goto(itemLink)
  await expect(page.getByText(title).first()).toBeVisible()

  // Its footer's link stops this kind of mail, in a context signed in as nobody.
  const stopLink = digest!.links.find((link) => link.includes('/api/v1/mail/unsubscribe'))!
  const stranger = await browser.newContext()
  const unsubscribe = await stranger.newPage()
  await unsubscribe.goto(stopLink)
  await expect(
    unsubscribe.getByText('Stop sending me “Activity on your prayer requests”?'),
  ).toBeVisible()
  await unsubscribe.getByRole('button', { name: 'Stop these mails' }).click()
  await expect(
    unsubscribe.getByText('Done: you will no longer get “Activity on your prayer requests”.'),
  ).toBeVisible()
  await stranger.close()

  await page.goto('/settings/notifications')
  await expect(
    page
      .getByRole('region', { name: 'By email' })
      .getByRole('radio', { name: 'Never', exact: true }),
  ).toBeChecked()
  await closeMembers(ann, bea)
})
