import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Intention, IntentionFeedResponse } from '@contract/intentions'
import { createTestApp, type TestApp } from '../../tests/helpers/test-app'
import { createUser, signIn } from '../../tests/helpers/users'
import { insertGroup, postIntention } from '../../tests/helpers/wall'

// The feed's statements are built once per set of filters and run for every viewer (issue 22):
// nothing of the request that built one (its viewer, day, tag, cursor) may stay in it.

let clock = new Date('2026-05-04T09:00:00.000Z')
let t: TestApp
let ann: string
let bea: string

beforeAll(async () => {
  t = await createTestApp({ now: () => clock })
  const [annUser, beaUser] = [await createUser(t.db), await createUser(t.db)]
  ann = await signIn(t.app, annUser)
  bea = await signIn(t.app, beaUser)
  const group = await insertGroup(t.db, [annUser.id], 'Ann’s night vigil')
  await postIntention(t.app, ann, {
    title: 'Only the vigil may read this prayer',
    destination: 'private_group',
    group_id: group.id,
    tags: ['vigil'],
  })
})
afterAll(() => t.close())

async function feed(cookie: string, query = ''): Promise<IntentionFeedResponse> {
  const response = await t.app.inject({ url: `/api/v1/intentions${query}`, headers: { cookie } })
  expect(response.statusCode, response.body).toBe(200)
  return response.json()
}

const titles = (page: IntentionFeedResponse) => page.items.map((item) => item.title)
const card = (page: IntentionFeedResponse, id: string): Intention | undefined =>
  page.items.find((item) => item.intention_id === id)

describe('the feed, one prepared statement for every viewer', () => {
  it('gives each viewer their own groups and flags, whoever read it first', async () => {
    const shared = await postIntention(t.app, bea, { title: 'Rain for the farms in the valley' })
    const id = shared.intention_id
    const prayed = await t.app.inject({
      method: 'POST',
      url: `/api/v1/intentions/${id}/pray`,
      headers: { cookie: ann },
    })
    expect(prayed.statusCode, prayed.body).toBe(200)

    // Ann's read builds the statement; Bea's runs it.
    const annFirst = await feed(ann)
    expect(titles(annFirst)).toContain('Only the vigil may read this prayer')
    expect(card(annFirst, id)?.has_prayed).toBe(true)
    const beaAfter = await feed(bea)
    expect(titles(beaAfter)).not.toContain('Only the vigil may read this prayer')
    expect(card(beaAfter, id)).toMatchObject({ has_prayed: false, is_mine: true })
    expect(card(await feed(ann), id)).toMatchObject({ has_prayed: true, is_mine: false })

    // The next UTC day: "prayed today" is no longer true.
    clock = new Date('2026-05-05T09:00:00.000Z')
    expect(card(await feed(ann), id)?.has_prayed).toBe(false)
  })

  it('fills each request’s tag and cursor, not the first one’s', async () => {
    await postIntention(t.app, bea, { title: 'Peace for the harvest workers', tags: ['harvest'] })
    expect(titles(await feed(ann, '?tag=vigil'))).toEqual(['Only the vigil may read this prayer'])
    expect(titles(await feed(ann, '?tag=harvest'))).toEqual(['Peace for the harvest workers'])
    expect(titles(await feed(bea, '?tag=vigil'))).toEqual([])

    const first = await feed(ann, '?limit=1')
    const second = await feed(ann, `?limit=1&cursor=${encodeURIComponent(first.next_cursor!)}`)
    const third = await feed(ann, `?limit=1&cursor=${encodeURIComponent(second.next_cursor!)}`)
    expect(new Set([...titles(first), ...titles(second), ...titles(third)]).size).toBe(3)
  })
})
