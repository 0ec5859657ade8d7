import { expect, test } from 'playwright/test'
import { expectNoSeriousA11yViolations } from './fixtures/a11y'

// Every spec trusts this audit to fail on a serious violation; it keeps axe loaded in a page
// between audits, so a second audit of the same document must still see what the first saw.
test('the audit fails on a nameless button, again on the same document, and passes once named', async ({
  page,
}) => {
  const document = (button: string) =>
    `<html lang="en"><title>Audit</title><main><h1>Audit</h1>${button}</main></html>`
  await page.setContent(document('<button></button>'))
  await expect(expectNoSeriousA11yViolations(page)).rejects.toThrow(/button-name/)
  await expect(expectNoSeriousA11yViolations(page)).rejects.toThrow(/button-name/)
  await page.setContent(document('<button>Pray</button>'))
  await expectNoSeriousA11yViolations(page)
})
