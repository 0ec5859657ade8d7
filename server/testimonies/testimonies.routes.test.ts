import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CONTENT_POLICY_MESSAGE } from '@contract/content-policy'
import type { Testimony, TestimonyFeed } from '@contract/testimonies'
import { createTestApp, type TestApp } from '../../tests/helpers/test-app'
import { createUser, signIn } from '../../tests/helpers/users'
import { suspendUser } from '../../tests/helpers/wall'
import { call, postTestimony, STORY, testimonyInput } from '../../tests/helpers/testimonies-api'

// Sharing and reading testimonies (spec 001 §2, §5, §7): the form's rules, the content policy,
// who may share, and the feed's keyset pages.
let t: TestApp
let author: { id: string; cookie: string; displayName: string }
let reader: { cookie: string }
let clock = new Date('2026-03-01T10:00:00.000Z')

beforeAll(async () => {
  t = await createTestApp({ now: () => clock })
  const user = await createUser(t.db)
  author = { id: user.id, displayName: user.displayName, cookie: await signIn(t.app, user) }
  reader = { cookie: await signIn(t.app, await createUser(t.db)) }
})
afterAll(() => t.close())

const create = (cookie: string | undefined, payload: object) =>
  call(t.app, cookie, 'POST', '/api/v1/testimonies', payload)

describe('POST /api/v1/testimonies', () => {
  it('answers 201 with the card the feed shows: trimmed text, normalised tags, public by default', async () => {
    const created = await postTestimony(t.app, author.cookie, {
      title: '  Healed after the long winter  ',
      category_tags: ['Healing', 'healing', ' Family  Life '],
    })
    expect(created).toMatchObject({
      title: 'Healed after the long winter',
      text: STORY,
      category_tags: ['healing', 'family life'],
      visibility: 'public',
      intention_id: null,
      intention_title: null,
      author_display_name: author.displayName,
      said_amen: false,
      amen_count: 0,
      is_mine: true,
    })
    expect(created.support).toBeUndefined()
    const seen: Testimony = (
      await call(t.app, reader.cookie, 'GET', `/api/v1/testimonies/${created.testimony_id}`)
    ).json()
    expect(seen).toMatchObject({ title: created.title, is_mine: false })
  })

  it.each([
    ['title', 19, 400, 'Minimum 20 characters (1 more needed)'],
    ['title', 20, 201, null],
    ['title', 80, 201, null],
    ['title', 81, 400, 'Title must be 80 characters or fewer.'],
    ['text', 69, 400, 'Minimum 70 characters (1 more needed)'],
    ['text', 70, 201, null],
    ['text', 1200, 201, null],
    ['text', 1201, 400, 'Story must be 1200 characters or fewer.'],
    ['category_tags', 5, 201, null],
    ['category_tags', 6, 400, 'Max 5 tags reached'],
  ] as const)('%s of %i answers %i', async (field, size, status, message) => {
    const value =
      field === 'category_tags'
        ? Array.from({ length: size }, (_, i) => `tag ${i}`)
        : 'x'.repeat(size)
    const response = await create(author.cookie, testimonyInput({ [field]: value }))
    expect(response.statusCode, response.body).toBe(status)
    if (message) expect(response.json().detail).toContain(message)
  })

  it('refuses a story against the content policy (422 with the spec message) and lets one in crisis through with support', async () => {
    const rude = await create(author.cookie, testimonyInput({ text: `${STORY} What bullshit.` }))
    expect(rude.statusCode).toBe(422)
    expect(rude.json()).toMatchObject({ title: 'content_policy', detail: CONTENT_POLICY_MESSAGE })
    const inTags = await create(author.cookie, testimonyInput({ category_tags: ['bullshit'] }))
    expect(inTags.statusCode).toBe(422)

    const crisis = await create(
      author.cookie,
      testimonyInput({ text: `${STORY} Some nights I still want to die, but I hold on.` }),
    )
    expect(crisis.statusCode).toBe(201)
    expect(crisis.json().support.resources.length).toBeGreaterThan(0)
  })

  it('needs a session, a finished profile, a verified email and no suspension', async () => {
    expect((await create(undefined, testimonyInput())).statusCode).toBe(401)
    const unverified = await signIn(t.app, await createUser(t.db, { emailVerified: false }))
    expect((await create(unverified, testimonyInput())).json().title).toBe('email_not_verified')
    const noProfile = await signIn(t.app, await createUser(t.db, { hasProfile: false }))
    expect((await create(noProfile, testimonyInput())).json().title).toBe('onboarding_required')
    const suspended = await createUser(t.db)
    await suspendUser(t.db, suspended.id, new Date(clock.getTime() + 86_400_000))
    const refused = await create(await signIn(t.app, suspended), testimonyInput())
    expect(refused.statusCode).toBe(403)
    expect(refused.json().title).toBe('suspended')
  })

  it('shares once when the client replays with the same Idempotency-Key', async () => {
    const headers = { cookie: author.cookie, 'idempotency-key': 'share-once-1' }
    const payload = testimonyInput({ title: 'Shared once even when sent twice' })
    const send = () =>
      t.app.inject({ method: 'POST', url: '/api/v1/testimonies', headers, payload })
    const first = await send()
    const again = await send()
    expect(first.statusCode).toBe(201)
    expect(again.json().testimony_id).toBe(first.json().testimony_id)
    const feed: TestimonyFeed = (
      await call(t.app, reader.cookie, 'GET', '/api/v1/testimonies?limit=50')
    ).json()
    expect(feed.items.filter((item) => item.title === payload.title)).toHaveLength(1)
  })
})

describe('GET /api/v1/testimonies', () => {
  it('pages newest first, 20 by default, without repeats or skips while new stories arrive', async () => {
    const writer = await signIn(t.app, await createUser(t.db))
    const before = (
      (
        await call(t.app, reader.cookie, 'GET', '/api/v1/testimonies?limit=50')
      ).json() as TestimonyFeed
    ).items.map((item) => item.testimony_id)
    const mine: string[] = []
    for (let i = 0; i < 23; i += 1) {
      // Seven minutes apart: a member shares at most 10 testimonies an hour (issue 37).
      clock = new Date(clock.getTime() + 7 * 60 * 1000)
      mine.unshift(
        (await postTestimony(t.app, writer, { title: `Grateful story number ${i + 10}` }))
          .testimony_id,
      )
    }
    const first: TestimonyFeed = (
      await call(t.app, reader.cookie, 'GET', '/api/v1/testimonies?cursor=')
    ).json()
    expect(first.items.map((item) => item.testimony_id)).toEqual(mine.slice(0, 20))
    clock = new Date(clock.getTime() + 1000)
    const late = await postTestimony(t.app, writer, { title: 'Arrived between two page loads' })
    const seen = [...first.items.map((item) => item.testimony_id)]
    let cursor = first.nextCursor
    while (cursor) {
      const page: TestimonyFeed = (
        await call(t.app, reader.cookie, 'GET', `/api/v1/testimonies?limit=7&cursor=${cursor}`)
      ).json()
      seen.push(...page.items.map((item) => item.testimony_id))
      cursor = page.nextCursor
    }
    expect(seen).toEqual([...mine, ...before])
    expect(seen).not.toContain(late.testimony_id)
  })

  it('answers 400 for a forged cursor and 404 for an unknown testimony', async () => {
    const forged = await call(t.app, reader.cookie, 'GET', '/api/v1/testimonies?cursor=bm9wZQ')
    expect(forged.statusCode).toBe(400)
    const unknown = await call(
      t.app,
      reader.cookie,
      'GET',
      '/api/v1/testimonies/0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b',
    )
    expect(unknown.statusCode).toBe(404)
  })
})
