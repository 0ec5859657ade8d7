import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CONTENT_POLICY_MESSAGE } from '@contract/content-policy'
import type { Intention, IntentionFeedResponse } from '@contract/intentions'
import { createTestApp, type TestApp } from '../../tests/helpers/test-app'
import { createUser, signIn } from '../../tests/helpers/users'
import {
  DETAILS,
  TITLE,
  insertGroup,
  intentionInput,
  postIntention,
} from '../../tests/helpers/wall'
import { intentionsTable } from './intentions.table'

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

describe('create', () => {
  it('answers 201 with the card the feed shows: normalised tags, author, counters at zero', async () => {
    const created = await postIntention(t.app, owner.cookie, {
      tags: ['Healing', ' Family  Peace ', 'healing'],
      scripture: 'Psalm 23',
    })
    expect(created).toMatchObject({
      title: TITLE,
      details: DETAILS,
      tags: ['healing', 'family peace'],
      scripture_ref: 'Psalm 23',
      author_display_name: owner.displayName,
      status: 'active',
      prayed_count: 0,
      is_mine: true,
      has_prayed: false,
    })
    expect(created).not.toHaveProperty('support')
    const seen: Intention = (
      await get(`/api/v1/intentions/${created.intention_id}`, other.cookie)
    ).json()
    expect(seen).toMatchObject({
      intention_id: created.intention_id,
      is_mine: false,
      author_display_name: owner.displayName,
    })
  })

  it('refuses a private post to a group the author is not in (404, no trace of the group)', async () => {
    const strangers = await insertGroup(t.db, [(await createUser(t.db)).id])
    const response = await send(
      'POST',
      '/api/v1/intentions',
      owner.cookie,
      intentionInput({ destination: 'private_group', group_id: strangers.id }),
    )
    expect(response.statusCode).toBe(404)
  })

  it('never posts a real name to the public wall', async () => {
    const response = await send(
      'POST',
      '/api/v1/intentions',
      owner.cookie,
      intentionInput({ identity_mode: 'real_name' }),
    )
    expect(response.statusCode).toBe(400)
  })

  it('rejects text against the content policy with 422 and the spec message, and stores nothing', async () => {
    const title = 'Pray that this fucking week finally ends well'
    const response = await send(
      'POST',
      '/api/v1/intentions',
      owner.cookie,
      intentionInput({ title }),
    )
    expect(response.statusCode).toBe(422)
    expect(response.json()).toMatchObject({
      title: 'content_policy',
      detail: CONTENT_POLICY_MESSAGE,
    })
    expect(
      await t.db.select().from(intentionsTable).where(eq(intentionsTable.title, title)),
    ).toHaveLength(0)
  })

  it('posts a member in crisis and answers with where to find help', async () => {
    const response = await send(
      'POST',
      '/api/v1/intentions',
      owner.cookie,
      intentionInput({
        details: `${DETAILS} Some nights I want to end my life and I do not know who to tell.`,
      }),
    )
    expect(response.statusCode).toBe(201)
    expect(response.json().support.resources.length).toBeGreaterThan(0)
  })

  it('still shows where to find help when the same text is rejected', async () => {
    const response = await send(
      'POST',
      '/api/v1/intentions',
      owner.cookie,
      intentionInput({
        details: `${DETAILS} I want to end my life, this fucking pain never stops.`,
      }),
    )
    expect(response.statusCode).toBe(422)
    expect(response.json()).toMatchObject({
      title: 'content_policy',
      detail: CONTENT_POLICY_MESSAGE,
    })
    expect(response.json().support.resources.length).toBeGreaterThan(0)
  })
})

describe('edit', () => {
  it('saves with the current expected_updated_at and answers 409 for a stale one', async () => {
    const created = await postIntention(t.app, owner.cookie)
    const body = {
      title: 'Please keep praying for my mother’s recovery',
      details: DETAILS,
      tags: ['hope'],
    }
    const first = await send('PATCH', `/api/v1/intentions/${created.intention_id}`, owner.cookie, {
      ...body,
      expected_updated_at: created.updated_at,
    })
    expect(first.statusCode).toBe(200)
    expect(first.json()).toMatchObject({ title: body.title, tags: ['hope'] })
    const stale = await send(
      'PATCH',
      `/api/v1/intentions/${created.intention_id}`,
      moderator.cookie,
      {
        ...body,
        title: 'A moderator edit that was based on old text',
        expected_updated_at: created.updated_at,
      },
    )
    expect(stale.statusCode).toBe(409)
    expect(stale.json().title).toBe('conflict')
    expect(
      (await get(`/api/v1/intentions/${created.intention_id}`, owner.cookie)).json().title,
    ).toBe(body.title)
  })

  it('applies the content policy to edits', async () => {
    const created = await postIntention(t.app, owner.cookie)
    const response = await send(
      'PATCH',
      `/api/v1/intentions/${created.intention_id}`,
      owner.cookie,
      {
        title: TITLE,
        details: `${DETAILS} shit`,
        tags: [],
        expected_updated_at: created.updated_at,
      },
    )
    expect(response.statusCode).toBe(422)
  })
})

describe('delete and remove', () => {
  it("deletes the owner's prayer for good", async () => {
    const created = await postIntention(t.app, owner.cookie)
    expect(
      (await send('DELETE', `/api/v1/intentions/${created.intention_id}`, owner.cookie)).statusCode,
    ).toBe(204)
    expect(
      await t.db.select().from(intentionsTable).where(eq(intentionsTable.id, created.intention_id)),
    ).toHaveLength(0)
    expect((await get(`/api/v1/intentions/${created.intention_id}`, owner.cookie)).statusCode).toBe(
      404,
    )
  })

  it("a moderator's removal hides it from everyone, keeps it for audit and for moderators", async () => {
    const created = await postIntention(t.app, owner.cookie)
    expect(
      (await send('DELETE', `/api/v1/intentions/${created.intention_id}`, moderator.cookie))
        .statusCode,
    ).toBe(204)
    expect((await get(`/api/v1/intentions/${created.intention_id}`, owner.cookie)).statusCode).toBe(
      404,
    )
    expect(
      (await get(`/api/v1/intentions/${created.intention_id}`, moderator.cookie)).statusCode,
    ).toBe(200)
    const [row] = await t.db
      .select()
      .from(intentionsTable)
      .where(eq(intentionsTable.id, created.intention_id))
    expect(row?.removedAt).not.toBeNull()
    for (const cookie of [owner.cookie, moderator.cookie]) {
      const feed: IntentionFeedResponse = (await get('/api/v1/intentions?limit=50', cookie)).json()
      expect(feed.items.map((item) => item.intention_id)).not.toContain(created.intention_id)
    }
    const pray = await send(
      'POST',
      `/api/v1/intentions/${created.intention_id}/pray`,
      moderator.cookie,
    )
    expect(pray.statusCode).toBe(404)
  })
})
