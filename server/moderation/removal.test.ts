import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Notification } from '@contract/notifications'
import { TEXT_MESSAGES } from '@contract/text'
import { createTestApp, type TestApp } from '../../tests/helpers/test-app'
import { postIntention } from '../../tests/helpers/wall'
import { postComment } from '../../tests/helpers/comments-api'
import { listFor } from '../../tests/helpers/notifications-api'
import { postTestimony } from '../../tests/helpers/testimonies-api'
import { act, call, person, queueOf, type Person } from '../../tests/helpers/moderation-api'

// Issue 8: removed content is gone from every read path (feed, details, comments, reactors,
// notifications, tag search and popularity) for everyone, its author is told why, and a
// restore brings all of it back.

let t: TestApp
let author: Person
let friend: Person
let moderator: Person

beforeAll(async () => {
  t = await createTestApp()
  author = await person(t.app)
  friend = await person(t.app)
  moderator = await person(t.app, ['member', 'moderator'])
})
afterAll(() => t.close())

const get = async (who: Person, url: string) => call(t.app, who.cookie, 'GET', url)
const ids = (items: { intention_id?: string; comment_id?: string; testimony_id?: string }[]) =>
  items.map((item) => item.intention_id ?? item.comment_id ?? item.testimony_id)

describe('removing and restoring a prayer', () => {
  it('hides it from every read path for everyone, tells its author why, and restore undoes it', async () => {
    const intention = await postIntention(t.app, author.cookie, { tags: ['zebrafinch'] })
    const id = intention.intention_id
    expect(
      (await call(t.app, friend.cookie, 'POST', `/api/v1/intentions/${id}/pray`)).statusCode,
    ).toBe(200)
    await postComment(t.app, friend.cookie, id, 'With you in prayer.')
    const before = await listFor(t.app, author.cookie)
    expect(before.items.filter((n) => n.sourceIntentionId === id).length).toBeGreaterThan(0)

    await act(
      t.app,
      moderator.cookie,
      'remove',
      { type: 'intention', id },
      { reason: 'Shares private details about a third person' },
    )

    for (const viewer of [friend, author, moderator]) {
      expect(ids((await get(viewer, '/api/v1/intentions')).json().items)).not.toContain(id)
      expect(await get(viewer, '/api/v1/tags?search=zebra').then((r) => r.json())).not.toContain(
        'zebrafinch',
      )
      expect(await get(viewer, '/api/v1/tags?limit=50').then((r) => r.json())).not.toContain(
        'zebrafinch',
      )
    }
    for (const viewer of [friend, author]) {
      expect((await get(viewer, `/api/v1/intentions/${id}`)).statusCode).toBe(404)
      expect((await get(viewer, `/api/v1/intentions/${id}/reactions?type=prayed`)).statusCode).toBe(
        404,
      )
      expect((await get(viewer, `/api/v1/intentions/${id}/comments`)).statusCode).toBe(404)
    }
    const after = await listFor(t.app, author.cookie)
    expect(after.items.filter((n) => n.sourceIntentionId === id)).toEqual([])
    expect(after.unreadCount).toBe(1)
    expect(after.items[0]).toMatchObject({
      type: 'ContentRemoved',
      title: 'A moderator removed your prayer request',
      message: 'Reason: Shares private details about a third person',
      data: {
        targetType: 'intention',
        targetId: id,
        reason: 'Shares private details about a third person',
      },
    })

    // Moderators find the removal in the resolved list (ADR 0005), not in the feeds.
    const resolved = await queueOf(t.app, moderator.cookie, '?status=resolved')
    expect(resolved.items[0]?.target).toMatchObject({
      type: 'intention',
      id,
      removalReason: 'Shares private details about a third person',
    })
    expect(resolved.items[0]?.target.removedAt).not.toBeNull()
    await act(
      t.app,
      moderator.cookie,
      'restore',
      { type: 'intention', id },
      { note: 'Appeal accepted' },
    )

    expect(ids((await get(friend, '/api/v1/intentions')).json().items)).toContain(id)
    expect((await get(friend, `/api/v1/intentions/${id}`)).statusCode).toBe(200)
    expect(
      (await get(friend, `/api/v1/intentions/${id}/reactions?type=prayed`)).json().items,
    ).toHaveLength(1)
    expect(ids((await get(friend, `/api/v1/intentions/${id}/comments`)).json().items)).toHaveLength(
      1,
    )
    expect(await get(friend, '/api/v1/tags?search=zebra').then((r) => r.json())).toContain(
      'zebrafinch',
    )
    const restored = await listFor(t.app, author.cookie)
    const about = (n: Notification) => n.sourceIntentionId === id && n.type !== 'ContentRestored'
    expect(restored.items.filter(about).length).toBe(before.items.filter(about).length)
    // The author is told, and the notification opens the prayer again.
    expect(restored.items[0]).toMatchObject({
      type: 'ContentRestored',
      title: 'A moderator restored your prayer request',
      message: intention.title,
      sourceIntentionId: id,
      data: { targetType: 'intention', targetId: id },
    })
  })
})

describe('removing and restoring a comment', () => {
  it('leaves the list, the count, its reactors and the notifications about it', async () => {
    const { intention_id: id } = await postIntention(t.app, author.cookie)
    const comment = await postComment(t.app, friend.cookie, id, 'Buy cheap followers at my page')
    const kept = await postComment(t.app, moderator.cookie, id, 'Praying with you.')
    const liked = await call(
      t.app,
      author.cookie,
      'POST',
      `/api/v1/intentions/${id}/comments/${comment.comment_id}/reactions`,
      { Reaction: 'like' },
    )
    expect(liked.statusCode, liked.body).toBe(200)
    const authorNotesBefore = await listFor(t.app, author.cookie)
    const friendBefore = await listFor(t.app, friend.cookie)
    expect(friendBefore.items.some((n) => n.type === 'CommentReaction')).toBe(true)

    await act(
      t.app,
      moderator.cookie,
      'remove',
      { type: 'comment', id: comment.comment_id },
      { reason: 'Advertising' },
    )

    const list = (await get(author, `/api/v1/intentions/${id}/comments`)).json()
    expect(ids(list.items)).toEqual([kept.comment_id])
    expect((await get(author, `/api/v1/intentions/${id}`)).json().comments_count).toBe(1)
    expect(
      (await get(author, `/api/v1/intentions/${id}/comments/${comment.comment_id}/reactions`))
        .statusCode,
    ).toBe(404)
    // The author's comments on the request are one entry (issue 47): the removed one leaves it.
    const comments = async () =>
      (await listFor(t.app, author.cookie)).items.filter(
        (n: Notification) => n.type === 'IntentionComment' && n.sourceIntentionId === id,
      )
    const authorBefore = authorNotesBefore.items.filter(
      (n) => n.type === 'IntentionComment' && n.sourceIntentionId === id,
    )
    expect(authorBefore.map((n) => n.fold?.count)).toEqual([2])
    expect((await comments()).map((n) => [n.fold?.count, n.data?.commentId])).toEqual([
      [1, kept.comment_id],
    ])
    const friendNotes = await listFor(t.app, friend.cookie)
    expect(friendNotes.items.some((n) => n.type === 'CommentReaction')).toBe(false)
    expect(friendNotes.items[0]).toMatchObject({
      type: 'ContentRemoved',
      title: 'A moderator removed your comment',
      message: 'Reason: Advertising',
      sourceIntentionId: id,
    })

    await act(t.app, moderator.cookie, 'restore', { type: 'comment', id: comment.comment_id })
    expect(ids((await get(author, `/api/v1/intentions/${id}/comments`)).json().items)).toEqual([
      comment.comment_id,
      kept.comment_id,
    ])
    expect((await get(author, `/api/v1/intentions/${id}`)).json().comments_count).toBe(2)
    expect(
      (await listFor(t.app, friend.cookie)).items.some((n) => n.type === 'CommentReaction'),
    ).toBe(true)
    expect((await comments()).map((n) => n.fold?.count)).toEqual([2])
  })
})

describe('the removal notice (issue 14)', () => {
  it('quotes a comment cut at an emoji without halving it, so the notice is stored', async () => {
    const intention = await postIntention(t.app, friend.cookie)
    // The quote is cut at 119 characters, between the two halves of this emoji.
    const content = `${'a'.repeat(118)}🙏${'b'.repeat(30)}`
    const comment = await postComment(t.app, author.cookie, intention.intention_id, content)
    await act(
      t.app,
      moderator.cookie,
      'remove',
      { type: 'comment', id: comment.comment_id },
      {
        reason: 'Off topic',
      },
    )
    const notices = (await listFor(t.app, author.cookie)).items
    const notice = notices.find(
      (n) => n.type === 'ContentRemoved' && n.data?.targetId === comment.comment_id,
    )
    expect(notice?.data).toMatchObject({ reason: 'Off topic', excerpt: `${'a'.repeat(118)}…` })
  })

  it('refuses a reason with a NUL character, naming the field, and removes nothing', async () => {
    const intention = await postIntention(t.app, author.cookie)
    const id = intention.intention_id
    const response = await call(
      t.app,
      moderator.cookie,
      'POST',
      `/api/v1/moderation/items/intention/${id}/remove`,
      { reason: 'Spam\u0000' },
    )
    expect(response.statusCode).toBe(400)
    expect(response.json()).toMatchObject({
      title: 'validation_error',
      errors: [{ field: 'reason', message: TEXT_MESSAGES.controlCharacter }],
    })
    expect((await get(friend, `/api/v1/intentions/${id}`)).statusCode).toBe(200)
  })
})

describe('removing and restoring a testimony', () => {
  it('leaves the feed, the details and its Amen list', async () => {
    const testimony = await postTestimony(t.app, author.cookie)
    const id = testimony.testimony_id
    await act(
      t.app,
      moderator.cookie,
      'remove',
      { type: 'testimony', id },
      { reason: 'Not a testimony' },
    )
    expect(ids((await get(friend, '/api/v1/testimonies')).json().items)).not.toContain(id)
    expect((await get(friend, `/api/v1/testimonies/${id}`)).statusCode).toBe(404)
    expect((await get(friend, `/api/v1/testimonies/${id}/reactors`)).statusCode).toBe(404)
    expect((await listFor(t.app, author.cookie)).items[0]).toMatchObject({
      type: 'ContentRemoved',
      title: 'A moderator removed your testimony',
    })
    await act(t.app, moderator.cookie, 'restore', { type: 'testimony', id })
    expect(ids((await get(friend, '/api/v1/testimonies')).json().items)).toContain(id)
  })

  it('refuses to remove twice or to restore what is live', async () => {
    const { intention_id: id } = await postIntention(t.app, author.cookie)
    const restore = await call(
      t.app,
      moderator.cookie,
      'POST',
      `/api/v1/moderation/items/intention/${id}/restore`,
      {},
    )
    expect(restore.statusCode).toBe(409)
    await act(t.app, moderator.cookie, 'remove', { type: 'intention', id }, { reason: 'Spam' })
    const again = await call(
      t.app,
      moderator.cookie,
      'POST',
      `/api/v1/moderation/items/intention/${id}/remove`,
      { reason: 'Spam' },
    )
    expect(again.statusCode).toBe(409)
    const blank = await call(
      t.app,
      moderator.cookie,
      'POST',
      `/api/v1/moderation/items/comment/${id}/remove`,
      { reason: '  ' },
    )
    expect(blank.statusCode).toBe(400)
    const missing = await call(
      t.app,
      moderator.cookie,
      'POST',
      `/api/v1/moderation/items/comment/${id}/remove`,
      { reason: 'Spam' },
    )
    expect(missing.statusCode).toBe(404)
  })
})
