import { readFile } from 'node:fs/promises'
import { strFromU8, unzipSync } from 'fflate'
import { expectNoSeriousA11yViolations } from './fixtures/a11y'
import { expect, test } from './fixtures/test'
import { closeMembers, newMember } from './support/members'
import { askThroughApi } from './support/wall'

// Issue 40 "Download my data": from the account screen, the member asks, is told it is being
// made, downloads the zip and finds their own request in it.

test('a member downloads their data from the account screen and opens the zip', async ({
  browser,
  baseURL,
}) => {
  const origin = baseURL as string
  const ann = await newMember(browser, origin, 'Ann')
  const title = `Courage for my mother's first week of treatment ${Date.now()}`
  await askThroughApi(ann.context, origin, {
    title,
    details: 'She starts on Monday and is afraid. Please pray for the doctors and for her peace.',
  })
  const { page } = ann
  await page.goto('/settings/account')
  const section = page.getByRole('region', { name: 'Your data' })
  await section.getByRole('button', { name: 'Ask for my data' }).click()
  const download = section.getByRole('link', { name: /^Download my data/ })
  await expect(download).toBeVisible({ timeout: 15_000 })
  await expectNoSeriousA11yViolations(page)

  const [file] = await Promise.all([page.waitForEvent('download'), download.click()])
  expect(file.suggestedFilename()).toMatch(/^prayer-community-data-\d{4}-\d{2}-\d{2}\.zip$/)
  const zip = unzipSync(new Uint8Array(await readFile(await file.path())))
  expect(Object.keys(zip)).toEqual(
    expect.arrayContaining(['README.txt', 'intentions.json', 'profile.json']),
  )
  expect(strFromU8(zip['intentions.json']!)).toContain(title)
  expect(JSON.parse(strFromU8(zip['profile.json']!))).toMatchObject({ email: ann.email })
  await closeMembers(ann)
})
