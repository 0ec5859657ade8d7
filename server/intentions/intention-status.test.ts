import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Intention, IntentionFeedResponse } from '@contract/intentions'
import { createTestApp, type TestApp } from '../../tests/helpers/test-app'
import { createUser, signIn } from '../../tests/helpers/users'
import { DETAILS, postIntention } from '../../tests/helpers/wall'

// Status changes (spec 001 §4), the feed's status filters, and reports of intentions.
let t: TestApp
let owner: { id: string; cookie: string; displayName: string }
let other: { cookie: string }
let moderator: { cookie: string }

beforeAll(async () => {
  t = await createTestApp()
  const o = await createUser(t.db)
  owner = { id: o.id, displayName: o.displayName, cookie: await signIn(t.app, o) }
  other = { cookie: await signIn(t.app, await createUser(t.db)) }
  moderator = {
    cookie: await signIn(t.app, await createUser(t.db, { roles: ['member', 'moderator'] })),
  }
})
afterAll(() => t.close())

const get = (url: string, cookie: string) =>
  t.app.inject({ method: 'GET', url, headers: { cookie } })
const send = (method: 'POST' | 'PATCH' | 'DELETE', url: string, cookie: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) })

describe('status', () => {
  it('answers, releases with a reason, reopens; closed prayers refuse responses with 423', async () => {
    const { intention_id: id } = await postIntention(t.app, owner.cookie)
    const answered = await send('PATCH', `/api/v1/intentions/${id}/status`, owner.cookie, {
      status: 'answered',
      testimony_title: 'God carried us through surgery',
      testimony_text: DETAILS,
    })
    expect(answered.statusCode).toBe(200)
    expect(answered.json()).toMatchObject({
      status: 'answered',
      closure_reason: null,
      has_testimony: true,
    })
    expect(answered.json().status_changed_at).toEqual(expect.any(String))

    for (const [url, payload] of [
      [`/api/v1/intentions/${id}/pray`, undefined],
      [`/api/v1/intentions/${id}/reactions`, { kind: 'candle' }],
    ] as const) {
      const closed = await send('POST', url, other.cookie, payload)
      expect(closed.statusCode).toBe(423)
      expect(closed.json().title).toBe('closed')
    }
    const release = await send('PATCH', `/api/v1/intentions/${id}/status`, owner.cookie, {
      status: 'released_in_peace',
      closure_reason: 'came_to_peace',
    })
    expect(release.statusCode).toBe(409)

    expect(
      (
        await send('PATCH', `/api/v1/intentions/${id}/status`, moderator.cookie, {
          status: 'active',
        })
      ).json(),
    ).toMatchObject({
      status: 'active',
    })
    const released = await send('PATCH', `/api/v1/intentions/${id}/status`, owner.cookie, {
      status: 'released_in_peace',
      closure_reason: 'other',
      closure_reason_note: 'The situation resolved itself quietly.',
    })
    expect(released.json()).toMatchObject({ status: 'released_in_peace', closure_reason: 'other' })
    const card: Intention = (await get(`/api/v1/intentions/${id}`, other.cookie)).json()
    expect(card).toMatchObject({ status: 'released_in_peace', closure_reason: 'other' })
  })

  it('requires a reason to release in peace and checks the note against the content policy', async () => {
    const { intention_id: id } = await postIntention(t.app, owner.cookie)
    const noReason = await send('PATCH', `/api/v1/intentions/${id}/status`, owner.cookie, {
      status: 'released_in_peace',
    })
    expect(noReason.statusCode).toBe(400)
    const rude = await send('PATCH', `/api/v1/intentions/${id}/status`, owner.cookie, {
      status: 'released_in_peace',
      closure_reason: 'other',
      closure_reason_note: 'this was bullshit',
    })
    expect(rude.statusCode).toBe(422)
  })
})

describe('feed filters', () => {
  it('lists only active prayers by default; closed=true is the Answered tab; mine=true only mine', async () => {
    const author = await createUser(t.db)
    const cookie = await signIn(t.app, author)
    const active = await postIntention(t.app, cookie)
    const answered = await postIntention(t.app, cookie)
    const released = await postIntention(t.app, cookie)
    await send('PATCH', `/api/v1/intentions/${answered.intention_id}/status`, cookie, {
      status: 'answered',
    })
    await send('PATCH', `/api/v1/intentions/${released.intention_id}/status`, cookie, {
      status: 'released_in_peace',
      closure_reason: 'situation_changed',
    })
    const ids = async (query: string) =>
      (
        (
          await get(`/api/v1/intentions?limit=50&mine=true&${query}`, cookie)
        ).json() as IntentionFeedResponse
      ).items.map((item) => item.intention_id)
    expect(await ids('')).toEqual([active.intention_id])
    expect(await ids('include_all_statuses=true')).toEqual([
      released.intention_id,
      answered.intention_id,
      active.intention_id,
    ])
    expect(await ids('closed=true')).toEqual([released.intention_id, answered.intention_id])
    expect(await ids('status=answered')).toEqual([answered.intention_id])
  })

  it('filters by tag', async () => {
    const tagged = await postIntention(t.app, owner.cookie, { tags: ['exam week'] })
    const feed: IntentionFeedResponse = (
      await get('/api/v1/intentions?tag=Exam%20Week', other.cookie)
    ).json()
    expect(feed.items.map((item) => item.intention_id)).toEqual([tagged.intention_id])
  })
})

describe('report', () => {
  it('takes one report per member (409 already_reported after), marks has_reported, checks the note', async () => {
    const { intention_id: id } = await postIntention(t.app, owner.cookie)
    const url = `/api/v1/intentions/${id}/report`
    const rude = await send('POST', url, other.cookie, {
      category: 'other',
      note: 'what a load of shit',
    })
    expect(rude.statusCode).toBe(422)
    const missingNote = await send('POST', url, other.cookie, { category: 'other' })
    expect(missingNote.json().detail).toContain('Please provide a brief note (max 200 characters).')
    expect((await send('POST', url, other.cookie, { category: 'spam' })).statusCode).toBe(204)
    const again = await send('POST', url, other.cookie, { category: 'sensitive' })
    expect(again.statusCode).toBe(409)
    expect(again.json().title).toBe('already_reported')
    expect((await get(`/api/v1/intentions/${id}`, other.cookie)).json().has_reported).toBe(true)
    // The author learns nothing: their own card does not even show that a report exists.
    expect((await get(`/api/v1/intentions/${id}`, owner.cookie)).json().has_reported).toBe(false)
  })
})
