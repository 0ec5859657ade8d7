import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { HubEvent } from '@contract/hub'
import { createTestApp, type TestApp } from '../../tests/helpers/test-app'
import { postIntention } from '../../tests/helpers/wall'
import { postComment } from '../../tests/helpers/comments-api'
import { rowsOf } from '../../tests/helpers/notifications-api'
import { SOMEONE_SHARED_A_TESTIMONY } from '../notifications/testimony-events'
import { markAnswered } from '../../tests/helpers/testimonies-api'
import { call, person, queueOf, type Person } from '../../tests/helpers/moderation-api'

// Issue 38: a post the publish rule holds is known to its author and the moderators alone, so
// nothing about it (notification, push, live count) leaves before approval; approval then
// sends what its creation would have, keeping anonymity as the normal path does.

let t: TestApp
let moderator: Person
let author: Person
let friend: Person
let sent: { to: string; target: string; args: readonly unknown[] }[]
let spies: { mockRestore(): void }[] = []

beforeAll(async () => {
  t = await createTestApp()
  moderator = await person(t.app, ['member', 'moderator'])
  author = await person(t.app)
  friend = await person(t.app)
  const admin = await person(t.app, ['member', 'admin'])
  const saved = await call(t.app, admin.cookie, 'PUT', '/api/v1/admin/community', {
    publish: 'all',
  })
  expect(saved.statusCode, saved.body).toBe(200)
})
afterAll(() => t.close())

function watchHub() {
  sent = []
  const record = async (to: string, target: string, args: readonly unknown[]) => {
    sent.push({ to, target, args })
  }
  spies = [
    vi.spyOn(t.app.hubSender, 'sendToGroup').mockImplementation(record),
    vi.spyOn(t.app.hubSender, 'sendToUser').mockImplementation(record),
  ]
}
afterEach(() => spies.forEach((spy) => spy.mockRestore()))

async function approve(type: string, id: string) {
  const response = await call(
    t.app,
    moderator.cookie,
    'POST',
    `/api/v1/moderation/items/${type}/${id}/approve`,
    {},
  )
  expect(response.statusCode, response.body).toBe(204)
}

describe('a held comment', () => {
  it('tells the prayer’s author nothing and moves no live count until approved', async () => {
    const { intention_id: id } = await postIntention(t.app, moderator.cookie)
    watchHub()
    const comment = await postComment(t.app, author.cookie, id, 'Holding you in prayer.')
    expect(comment.waiting_for_review).toBe(true)
    expect(await rowsOf(t.db, moderator.id, 'IntentionComment')).toEqual([])
    expect(sent).toEqual([])

    await approve('comment', comment.comment_id)
    const [notice] = await rowsOf(t.db, moderator.id, 'IntentionComment')
    expect(notice).toMatchObject({ sourceIntentionId: id, data: { commentId: comment.comment_id } })
    expect(sent).toContainEqual({
      to: `intention:${id}`,
      target: HubEvent.CounterUpdate,
      args: [expect.objectContaining({ intentionId: id, comments_count: 1 })],
    })
    expect(sent).toContainEqual(
      expect.objectContaining({ to: moderator.id, target: HubEvent.NewNotification }),
    )
    const thread = await call(t.app, friend.cookie, 'GET', `/api/v1/intentions/${id}/comments`)
    expect(thread.json().items[0]).toMatchObject({
      comment_id: comment.comment_id,
      created_at: comment.created_at,
    })
  })
})

describe('a held anonymous testimony', () => {
  it('names no one in the queue beyond its author for moderators, and no one in the approval’s notification', async () => {
    const request = await postIntention(t.app, author.cookie, { identity_mode: 'anonymous' })
    await approve('intention', request.intention_id)
    const prayed = await call(
      t.app,
      friend.cookie,
      'POST',
      `/api/v1/intentions/${request.intention_id}/pray`,
    )
    expect(prayed.statusCode, prayed.body).toBeLessThan(300)

    watchHub()
    const answered = await markAnswered(t.app, author.cookie, request.intention_id, {
      testimony_title: 'The scan came back clear',
      testimony_text:
        'We prayed for weeks and the results came back clear this morning. Thank you to everyone who stood with us in prayer during the waiting.',
      testimony_visibility: 'anonymous',
    })
    expect(answered.statusCode, answered.body).toBe(200)
    const testimonyId = answered.json().testimony_id as string
    expect(await rowsOf(t.db, friend.id, 'TestimonyCreated')).toEqual([])
    // The answer itself is told (IntentionAnswered); the waiting testimony is not.
    expect(JSON.stringify(sent)).not.toContain('TestimonyCreated')

    // The queue names an anonymous post's author to moderators as it always has, no more.
    const item = (await queueOf(t.app, moderator.cookie)).items.find(
      (entry) => entry.target.id === testimonyId,
    )
    expect(item).toMatchObject({
      waitingForReview: 'review',
      target: { author: { userId: author.id, displayName: author.displayName } },
    })

    await approve('testimony', testimonyId)
    const [notice] = await rowsOf(t.db, friend.id, 'TestimonyCreated')
    expect(notice).toMatchObject({
      message: SOMEONE_SHARED_A_TESTIMONY,
      sourceUserDisplayName: 'Someone',
    })
    expect(JSON.stringify(notice)).not.toContain(author.displayName)
    expect(JSON.stringify(sent)).not.toContain(author.displayName)
  })
})
