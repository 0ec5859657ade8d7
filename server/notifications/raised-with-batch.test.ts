import { and, eq, inArray, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { HubEvent } from '@contract/hub'
import type { SyncEntry } from '@contract/sync'
import { createTestApp, type TestApp } from '../../tests/helpers/test-app'
import { createUser, signIn } from '../../tests/helpers/users'
import { postIntention } from '../../tests/helpers/wall'
import { postComment } from '../../tests/helpers/comments-api'
import { domainEventsTable } from '../events/events.table'
import { sendBatch, sendSingly } from '../sync/testing/sync-world'
import { commentsTable } from '../comments/comments.table'
import { intentionsTable } from '../intentions/intentions.table'
import { notificationsTable as n } from './notifications.table'
import { onCommented, onCommentReaction } from './wall-events'

// Issue 45, ADR 0041: the notifications a lane's batch of deliveries raises are inserted together,
// with one NotificationsRaised. They are the rows, and the hub messages, that one delivery at a
// time raised: same recipients, words, names (an anonymous author's "Someone" included) and keys.

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

type Prayer = { id: string; authorComment: string; actorComment: string }

describe('notifications raised with a lane batch', () => {
  it('are the ones raised one delivery at a time, with one NotificationsRaised', async () => {
    const author = await createUser(t.db)
    const authorCookie = await signIn(t.app, author)
    const actor = await signIn(t.app, await createUser(t.db))
    // Twin anonymous prayers, each with a comment of its author's and one of the actor's (which
    // tells the author too).
    const prayer = async (): Promise<Prayer> => {
      const { intention_id: id } = await postIntention(t.app, authorCookie, {
        identity_mode: 'anonymous',
      })
      return {
        id,
        authorComment: (await postComment(t.app, authorCookie, id, 'Thank you all.')).comment_id,
        actorComment: (await postComment(t.app, actor, id, 'Praying for you.')).comment_id,
      }
    }
    const [single, batched] = [await prayer(), await prayer()]
    const actorWrites = ({ id, authorComment }: Prayer, tag: string): SyncEntry[] => [
      { key: `${tag}-pray`, method: 'POST' as const, path: `/api/v1/intentions/${id}/pray` },
      ...(['amen', 'candle'] as const).map((kind) => ({
        key: `${tag}-${kind}`,
        method: 'POST' as const,
        path: `/api/v1/intentions/${id}/reactions`,
        body: { kind, active: true },
      })),
      ...(['like', 'amen'] as const).map((Reaction) => ({
        key: `${tag}-c-${Reaction}`,
        method: 'POST' as const,
        path: `/api/v1/intentions/${id}/comments/${authorComment}/reactions`,
        body: { Reaction, active: true },
      })),
      {
        key: `${tag}-comment`,
        method: 'POST' as const,
        path: `/api/v1/intentions/${id}/comments`,
        body: { content: 'Still praying.' },
      },
    ]
    // The author liking the actor's comment on their anonymous prayer: named "Someone".
    const authorWrites = ({ id, actorComment }: Prayer, tag: string): SyncEntry[] => [
      {
        key: `${tag}-author-like`,
        method: 'POST' as const,
        path: `/api/v1/intentions/${id}/comments/${actorComment}/reactions`,
        body: { Reaction: 'like', active: true },
      },
    ]
    const sent: { to: string; args: readonly unknown[] }[] = []
    vi.spyOn(t.app.hubSender, 'sendToUser').mockImplementation(async (to, target, args) => {
      if (target === HubEvent.NewNotification) sent.push({ to, args })
    })

    // One at a time (the test app delivers after each call), then as two batches (a lane each).
    await sendSingly(t.app, actor, actorWrites(single, 'one'))
    await sendSingly(t.app, authorCookie, authorWrites(single, 'one'))
    const hubSingly = sent.splice(0)
    expect((await sendBatch(t.app, actor, actorWrites(batched, 'all'))).statusCode).toBe(200)
    expect((await sendBatch(t.app, authorCookie, authorWrites(batched, 'all'))).statusCode).toBe(
      200,
    )
    const hubBatched = sent.splice(0)

    // The same rows, the twin's ids aside.
    const rowsOf = async ({ id, authorComment, actorComment }: Prayer) => {
      const rows = await t.db
        .select()
        .from(n)
        .where(eq(n.sourceIntentionId, id))
        .orderBy(n.createdAt, n.id)
      const twin = (text: string | null) =>
        text
          ?.replaceAll(id, 'prayer')
          .replaceAll(authorComment, 'author-comment')
          .replaceAll(actorComment, 'actor-comment')
          .replace(/comment:[0-9a-f-]{36}/, 'comment:new') ?? null
      return rows.map((row) => ({
        userId: row.userId,
        type: row.type,
        title: row.title,
        message: row.message,
        sourceUserDisplayName: row.sourceUserDisplayName,
        data: JSON.parse(twin(JSON.stringify(row.data))!.replace(/"[0-9a-f-]{36}"/, '"new"')),
        dedupeKey: twin(row.dedupeKey),
        readAt: row.readAt,
      }))
    }
    const once = await rowsOf(single)
    expect(once.map(({ type }) => type).sort()).toEqual(
      [
        'CommentAmenReaction',
        'CommentReaction',
        'CommentReaction',
        'IntentionComment',
        'IntentionComment',
        'PrayerAmenReaction',
        'PrayerCandleReaction',
        'PrayerReaction',
      ].sort(),
    )
    expect(once.find(({ userId }) => userId !== author.id)).toMatchObject({
      sourceUserDisplayName: 'Someone',
      title: 'Someone liked your comment',
    })
    expect(await rowsOf(batched)).toEqual(once)

    // The hub told each recipient of each row, with the same words.
    const words = (messages: typeof sent) =>
      messages
        .map(({ to, args }) => {
          const { title, message, type } = args[0] as Record<string, unknown>
          return { to, title, message, type }
        })
        .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)))
    expect(words(hubBatched)).toEqual(words(hubSingly))
    // Every row but the one the actor's setup comment raised before the hub was watched.
    expect(hubBatched).toHaveLength(once.length - 1)

    // Web Push and mail follow one NotificationsRaised a batch instead of one a notification.
    const raisedFor = async ({ id }: Prayer) => {
      const ids = (await t.db.select({ id: n.id }).from(n).where(eq(n.sourceIntentionId, id))).map(
        (row) => row.id,
      )
      const events = await t.db
        .select({ id: domainEventsTable.id })
        .from(domainEventsTable)
        .where(
          and(
            eq(domainEventsTable.type, 'NotificationsRaised'),
            sql`${domainEventsTable.payload}->'notificationIds' ?| ${sql.raw(
              `array[${ids.map((rowId) => `'${rowId}'`).join(',')}]`,
            )}`,
          ),
        )
      return events.length
    }
    expect(await raisedFor(single)).toBe(once.length)
    // The setup comment's, then one for each batch.
    expect(await raisedFor(batched)).toBe(3)
  }, 60_000)

  // The comment and its prayer are read in one statement: either removed, nothing is raised.
  it('raise nothing on a comment, or a prayer, removed before delivery', async () => {
    const author = await createUser(t.db)
    const authorCookie = await signIn(t.app, author)
    const actor = await createUser(t.db)
    const actorCookie = await signIn(t.app, actor)
    const said = { userId: actor.id, displayName: 'Gentle Lamb' }
    const raisedOn = async (id: string) =>
      (await t.db.select().from(n).where(eq(n.sourceIntentionId, id))).length
    for (const removed of ['comment', 'prayer'] as const) {
      const { intention_id: id } = await postIntention(t.app, authorCookie)
      const { comment_id: commentId } = await postComment(t.app, authorCookie, id)
      const { comment_id: actorComment } = await postComment(t.app, actorCookie, id)
      const before = await raisedOn(id)
      if (removed === 'comment')
        await t.db
          .update(commentsTable)
          .set({ removedAt: new Date() })
          .where(inArray(commentsTable.id, [commentId, actorComment]))
      else
        await t.db
          .update(intentionsTable)
          .set({ removedAt: new Date() })
          .where(eq(intentionsTable.id, id))
      await onCommentReaction(t.app.notifier, said, commentId, 'like')
      await onCommented(t.app.notifier, said, actorComment)
      expect(await raisedOn(id), removed).toBe(before)
    }
    // Live, the same calls raise the like (the comment was told when it was posted).
    const { intention_id: id } = await postIntention(t.app, authorCookie)
    const { comment_id: commentId } = await postComment(t.app, authorCookie, id)
    const { comment_id: actorComment } = await postComment(t.app, actorCookie, id)
    const before = await raisedOn(id)
    await onCommentReaction(t.app.notifier, said, commentId, 'like')
    await onCommented(t.app.notifier, said, actorComment)
    expect(await raisedOn(id)).toBe(before + 1)
  })
})
