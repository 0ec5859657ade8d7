import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { IntentionFeedResponse } from '@contract/intentions'
import { createTestApp, type TestApp } from '../../tests/helpers/test-app'
import { createUser, signIn } from '../../tests/helpers/users'
import { postIntention } from '../../tests/helpers/wall'

// The clock is frozen for part of the run, so many prayers share one created_at and only the
// id breaks the tie: the hardest case for a keyset.
let clock = new Date('2026-03-01T08:00:00.000Z')
let t: TestApp
let cookie: string

beforeAll(async () => {
  t = await createTestApp({ now: () => clock })
  cookie = await signIn(t.app, await createUser(t.db))
})
afterAll(() => t.close())

async function page(cursor: string | null, limit = 4): Promise<IntentionFeedResponse> {
  const query = new URLSearchParams({ limit: String(limit), ...(cursor ? { cursor } : {}) })
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/v1/intentions?${query}`,
    headers: { cookie },
  })
  expect(response.statusCode, response.body).toBe(200)
  return response.json()
}

describe('feed keyset pages', () => {
  it('never repeat or skip while new prayers arrive between page loads', async () => {
    const existing: string[] = []
    for (let i = 0; i < 11; i += 1) {
      if (i % 3 === 0) clock = new Date(clock.getTime() + 1000)
      existing.unshift(
        (await postIntention(t.app, cookie, { title: `Prayer number ${i} for the whole family` }))
          .intention_id,
      )
    }
    const seen: string[] = []
    let cursor: string | null = null
    do {
      const result: IntentionFeedResponse = await page(cursor)
      seen.push(...result.items.map((item) => item.intention_id))
      cursor = result.next_cursor
      // Someone posts while the reader scrolls: at the same instant, and later.
      await postIntention(t.app, cookie, { title: 'A new prayer posted mid-scroll, same second' })
      clock = new Date(clock.getTime() + 1)
    } while (cursor)
    expect(seen).toEqual(existing)
  })

  it('the default page holds 10 (spec 001 §9) and an unknown cursor is a 400, not a crash', async () => {
    const first = await t.app.inject({
      method: 'GET',
      url: '/api/v1/intentions?cursor=',
      headers: { cookie },
    })
    expect(first.json().items).toHaveLength(10)
    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/v1/intentions?cursor=not-a-cursor',
      headers: { cookie },
    })
    expect(bad.statusCode).toBe(400)
  })
})
