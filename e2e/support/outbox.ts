import type { Page } from 'playwright/test'
import { expect } from '../fixtures/test'
import type { Member } from './members'

// What the outbox specs read back: a prayer's counts from the server, and the replay trigger.

export type Counts = {
  prayed_count: number
  amen_count: number
  candle_count: number
  comments_count: number
}

/** The prayer's counts as `member` reads them through the API. */
export async function countsOf(member: Member, id: string): Promise<Counts> {
  const answer = await member.context.request.get(`/api/v1/intentions/${id}`)
  expect(answer.status()).toBe(200)
  return (await answer.json()) as Counts
}

/** What the service worker relays from Background Sync; no `sync` event fires in tests. */
export async function replayNow(page: Page): Promise<void> {
  await page.evaluate(() => window.dispatchEvent(new Event('online')))
}
