import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { UpdateCommunityBody } from '@contract/community'
import type { QueueItem } from '@contract/moderation'
import { createTestApp, type TestApp } from '../../tests/helpers/test-app'
import { insertGroup, intentionInput, postIntention } from '../../tests/helpers/wall'
import { postComment } from '../../tests/helpers/comments-api'
import { COMMUNITY_CHANGED_CHANNEL } from '../community/community-cache'
import { sendBatch } from '../sync/testing/sync-world'
import { postTestimony } from '../../tests/helpers/testimonies-api'
import { call, person, queueOf, type Person } from '../../tests/helpers/moderation-api'

// Issue 38, "How posts are published": the community's publish rule holds new public posts
// for review; private-group posts never. A held post is its author's and the moderators' alone
// until a moderator approves it, which publishes it with its original time.

let t: TestApp
let admin: Person
let moderator: Person
let reader: Person
let regular: Person

beforeAll(async () => {
  t = await createTestApp()
  admin = await person(t.app, ['member', 'admin'])
  moderator = await person(t.app, ['member', 'moderator'])
  reader = await person(t.app)
  regular = await person(t.app)
  // A member of long standing: two published posts before any rule.
  await postIntention(t.app, regular.cookie)
  await postIntention(t.app, regular.cookie)
})
afterAll(() => t.close())

async function rule(update: Pick<UpdateCommunityBody, 'publish' | 'first_posts_held'>) {
  const response = await call(t.app, admin.cookie, 'PUT', '/api/v1/admin/community', update)
  expect(response.statusCode, response.body).toBe(200)
}

const approve = (who: Person, type: string, id: string) =>
  call(t.app, who.cookie, 'POST', `/api/v1/moderation/items/${type}/${id}/approve`, {})

const feedIds = async (who: Person, query = '') =>
  (await call(t.app, who.cookie, 'GET', `/api/v1/intentions${query}`))
    .json<{ items: { intention_id: string }[] }>()
    .items.map((item) => item.intention_id)

const waitingIn = async (id: string): Promise<QueueItem | undefined> =>
  (await queueOf(t.app, moderator.cookie)).items.find((item) => item.target.id === id)

describe('publishing at once (the default)', () => {
  it('shows a new member’s first post to everyone straight away', async () => {
    const newcomer = await person(t.app)
    const { intention_id: id, under_review } = await postIntention(t.app, newcomer.cookie)
    expect(under_review).toBeUndefined()
    expect(await feedIds(reader)).toContain(id)
    expect(await waitingIn(id)).toBeUndefined()
  })
})

describe('a new member’s first posts', () => {
  it('holds the first two public posts (N=2) until approved; the third is published at once', async () => {
    await rule({ publish: 'first_posts', first_posts_held: 2 })
    const newcomer = await person(t.app)
    const first = await postIntention(t.app, newcomer.cookie, { tags: ['firstposttag'] })
    expect(first).toMatchObject({ under_review: true, waiting_for_review: true })
    const { intention_id: wall } = await postIntention(t.app, regular.cookie)
    const second = await postComment(t.app, newcomer.cookie, wall)
    expect(second).toMatchObject({ under_review: true, waiting_for_review: true })

    // Waiting: the author sees it, marked; nobody else does, anywhere.
    const id = first.intention_id
    expect(await feedIds(newcomer)).toContain(id)
    expect(await feedIds(reader)).not.toContain(id)
    expect((await call(t.app, reader.cookie, 'GET', `/api/v1/intentions/${id}`)).statusCode).toBe(
      404,
    )
    const tags = await call(t.app, reader.cookie, 'GET', '/api/v1/tags?search=firstpost')
    expect(tags.json()).toEqual([])
    const own = await call(t.app, newcomer.cookie, 'GET', `/api/v1/intentions/${id}`)
    expect(own.json()).toMatchObject({ under_review: true, waiting_for_review: true })
    const thread = await call(t.app, reader.cookie, 'GET', `/api/v1/intentions/${wall}/comments`)
    expect(thread.json().items).toEqual([])
    const held = await call(t.app, reader.cookie, 'GET', `/api/v1/intentions/${wall}`)
    expect(held.json().comments_count).toBe(0)

    // The queue says why, without urgency.
    expect(await waitingIn(id)).toMatchObject({
      waitingForReview: 'first_post',
      urgent: false,
      reportCount: 0,
      target: { type: 'intention', heldAt: first.created_at, createdAt: first.created_at },
    })
    expect(await waitingIn(second.comment_id)).toMatchObject({ waitingForReview: 'first_post' })

    // While both wait, a third still waits: only published posts count.
    const early = await postTestimony(t.app, newcomer.cookie)
    expect(early.under_review).toBe(true)

    expect((await approve(moderator, 'intention', id)).statusCode).toBe(204)
    expect((await approve(moderator, 'comment', second.comment_id)).statusCode).toBe(204)
    const third = await postIntention(t.app, newcomer.cookie)
    expect(third.under_review).toBeUndefined()
    expect(await feedIds(reader)).toContain(third.intention_id)
  })
})

describe('every public post reviewed', () => {
  beforeAll(() => rule({ publish: 'all' }))
  afterAll(() => rule({ publish: 'at_once' }))

  it('holds a long-standing member’s request, comment and testimony, but no moderator’s', async () => {
    const { intention_id: id, under_review } = await postIntention(t.app, regular.cookie)
    expect(under_review).toBe(true)
    expect(await waitingIn(id)).toMatchObject({ waitingForReview: 'review' })
    const testimony = await postTestimony(t.app, regular.cookie)
    expect(testimony).toMatchObject({ under_review: true, waiting_for_review: true })
    const stories = await call(t.app, reader.cookie, 'GET', '/api/v1/testimonies')
    expect(stories.json().items.map((s: { testimony_id: string }) => s.testimony_id)).not.toContain(
      testimony.testimony_id,
    )
    const staff = await postIntention(t.app, moderator.cookie)
    expect(staff.under_review).toBeUndefined()
  })

  it('never holds a private group’s posts', async () => {
    const group = await insertGroup(t.db, [regular.id, reader.id])
    const { intention_id: id, under_review } = await postIntention(t.app, regular.cookie, {
      destination: 'private_group',
      group_id: group.id,
      identity_mode: 'real_name',
    })
    expect(under_review).toBeUndefined()
    expect(await feedIds(reader, `?group_id=${group.id}`)).toContain(id)
    const comment = await postComment(t.app, reader.cookie, id)
    expect(comment.under_review).toBeUndefined()
    expect(await waitingIn(id)).toBeUndefined()
  })

  it('holds the posts of a sync batch (offline writes) as their single calls', async () => {
    const { intention_id: wall } = await postIntention(t.app, moderator.cookie)
    // Changed elsewhere just before: the batch is the first to read the settings again (on
    // PGlite's one connection, a read inside the batch's transaction would wait on it forever).
    await t.db.execute(sql`select pg_notify(${COMMUNITY_CHANGED_CHANNEL}, '')`)
    const answer = await sendBatch(t.app, regular.cookie, [
      { key: 'held-1', method: 'POST', path: '/api/v1/intentions', body: intentionInput() },
      {
        key: 'held-2',
        method: 'POST',
        path: `/api/v1/intentions/${wall}/comments`,
        body: { content: 'Praying with you tonight.' },
      },
    ])
    expect(answer.statusCode, answer.body).toBe(200)
    const [request, comment] = answer.json().results
    expect(request).toMatchObject({ status: 201, body: { waiting_for_review: true } })
    expect(comment).toMatchObject({ status: 201, body: { waiting_for_review: true } })
    expect(await feedIds(reader)).not.toContain(request.body.intention_id)
    expect(await waitingIn(comment.body.comment_id)).toMatchObject({ waitingForReview: 'review' })
  })
})

describe('approving', () => {
  beforeAll(() => rule({ publish: 'all' }))
  afterAll(() => rule({ publish: 'at_once' }))

  it('publishes with the original time, refreshes cached feeds and writes who approved', async () => {
    const posted = await postIntention(t.app, regular.cookie)
    const id = posted.intention_id
    expect(await feedIds(reader)).not.toContain(id) // the reader's page is now cached

    expect((await approve(reader, 'intention', id)).statusCode).toBe(403)
    expect(
      (await call(t.app, undefined, 'POST', `/api/v1/moderation/items/intention/${id}/approve`))
        .statusCode,
    ).toBe(401)
    expect(await feedIds(reader)).not.toContain(id)

    expect((await approve(moderator, 'intention', id)).statusCode).toBe(204)
    expect(await feedIds(reader)).toContain(id)
    const seen = await call(t.app, reader.cookie, 'GET', `/api/v1/intentions/${id}`)
    expect(seen.json().created_at).toBe(posted.created_at)
    const own = await call(t.app, regular.cookie, 'GET', `/api/v1/intentions/${id}`)
    expect(own.json().under_review).toBeUndefined()
    expect(own.json().waiting_for_review).toBeUndefined()
    expect(await waitingIn(id)).toBeUndefined()

    const audit = await call(t.app, admin.cookie, 'GET', '/api/v1/moderation/audit')
    expect(audit.json().items[0]).toMatchObject({
      action: 'approve',
      actor: { userId: moderator.id },
      target: { type: 'intention', id },
      details: { heldFor: 'review' },
    })
  })

  it('answers 409 for a post that is not waiting: published at once, or approved already', async () => {
    const { intention_id: id } = await postIntention(t.app, moderator.cookie)
    const published = await approve(moderator, 'intention', id)
    expect(published.statusCode).toBe(409)
    expect(published.headers['content-type']).toContain('application/problem+json')
    expect(published.json()).toMatchObject({
      title: 'conflict',
      detail: 'This post is not waiting for review, so there is nothing to approve.',
    })
    const { intention_id: held } = await postIntention(t.app, regular.cookie)
    expect((await approve(admin, 'intention', held)).statusCode).toBe(204)
    expect((await approve(moderator, 'intention', held)).statusCode).toBe(409)
  })
})
