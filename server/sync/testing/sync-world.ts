import { eq, inArray, sql } from 'drizzle-orm'
import type { SyncEntry, SyncResult } from '@contract/sync'
import type { App } from '../../app'
import type { Database } from '../../db/client'
import { commentReactionsTable, commentsTable } from '../../comments/comments.table'
import { intentionsTable } from '../../intentions/intentions.table'
import { intentionReactionsTable, prayersTable } from '../../intentions/reactions.table'
import { testimonyReactionsTable } from '../../testimonies/testimony-reactions.table'
import { notificationsTable } from '../../notifications/notifications.table'
import { domainEventsTable } from '../../events/events.table'
import { postComment } from '../../../tests/helpers/comments-api'
import { postTestimony } from '../../../tests/helpers/testimonies-api'
import { createUser, signIn } from '../../../tests/helpers/users'
import { intentionInput, postIntention } from '../../../tests/helpers/wall'

// The sync tests' fixtures: an author's prayers (each with a comment of theirs) and
// testimonies, the outbox writes a member makes on them, and what the server then holds.

export type World = {
  authorId: string
  intentions: { id: string; commentId: string }[]
  testimonies: string[]
}

/** An author of its own, so the notifications each test counts are its world's alone. */
export async function buildWorld(app: App, db: Database, size: number): Promise<World> {
  const user = await createUser(db)
  const author = await signIn(app, user)
  const world: World = { authorId: user.id, intentions: [], testimonies: [] }
  for (let i = 0; i < size; i++) {
    const { intention_id: id } = await postIntention(app, author)
    const { comment_id: commentId } = await postComment(app, author, id)
    world.intentions.push({ id, commentId })
    world.testimonies.push((await postTestimony(app, author)).testimony_id)
  }
  return world
}

/**
 * Ten writes per prayer of the world, as the outbox queues them: pray, Amen and candle on,
 * a comment, a like and an Amen on the author's comment, the Amen taken back, a new prayer
 * request, and an Amen on a testimony. `tag` keeps each run's keys and texts apart.
 */
export function outboxWrites(world: World, tag: string): SyncEntry[] {
  return world.intentions.flatMap(({ id, commentId }, at) => {
    const intention = `/api/v1/intentions/${id}`
    const entry = (name: string, path: string, body?: unknown): SyncEntry => ({
      key: `${tag}-${at}-${name}`,
      method: 'POST',
      path,
      ...(body === undefined ? {} : { body }),
    })
    return [
      entry('pray', `${intention}/pray`),
      entry('amen', `${intention}/reactions`, { kind: 'amen', active: true }),
      entry('candle', `${intention}/reactions`, { kind: 'candle', active: true }),
      entry('comment', `${intention}/comments`, { content: `Praying with you, ${tag} ${at}.` }),
      entry('like', `${intention}/comments/${commentId}/reactions`, {
        Reaction: 'like',
        active: true,
      }),
      entry('c-amen', `${intention}/comments/${commentId}/reactions`, {
        Reaction: 'amen',
        active: true,
      }),
      entry('amen-off', `${intention}/reactions`, { kind: 'amen', active: false }),
      entry(
        'new',
        '/api/v1/intentions',
        intentionInput({ title: `Strength and peace for ${tag} number ${at}` }),
      ),
      entry('t-amen', `/api/v1/testimonies/${world.testimonies[at]}/reactions`, {
        Reaction: 'amen',
        active: true,
      }),
      entry('comment-2', `${intention}/comments`, { content: `Still praying, ${tag} ${at}.` }),
    ]
  })
}

/** Each write as its own request, the way the outbox sent them before batches. */
export async function sendSingly(
  app: App,
  cookie: string,
  entries: SyncEntry[],
): Promise<SyncResult[]> {
  const results: SyncResult[] = []
  for (const { key, method, path, body } of entries) {
    const answer = await app.inject({
      method,
      url: path,
      headers: { cookie, 'idempotency-key': key },
      ...(body === undefined ? {} : { payload: body as object }),
    })
    results.push({ key, status: answer.statusCode, body: answer.body ? answer.json() : null })
  }
  return results
}

/** POST /api/v1/sync as the member's browser sends it (no cookie: signed out). */
export function sendBatch(app: App, cookie: string | undefined, entries: unknown[]) {
  return app.inject({
    method: 'POST',
    url: '/api/v1/sync',
    headers: cookie ? { cookie } : {},
    payload: { entries },
  })
}

/**
 * What a member's writes left on a world's prayers, in the world's order: counters, their
 * reaction and prayer rows, their comments and the author's comment's reactions, the new
 * prayers they asked for, the domain events their writes recorded (type, and for a reaction
 * whether it was set), and the notifications the author received.
 */
export async function worldState(db: Database, world: World, memberId: string) {
  const ids = world.intentions.map(({ id }) => id)
  const commentIds = world.intentions.map(({ commentId }) => commentId)
  const counters = await db
    .select({
      id: intentionsTable.id,
      prayed: intentionsTable.prayedCount,
      amen: intentionsTable.amenCount,
      candle: intentionsTable.candleCount,
      comments: intentionsTable.commentsCount,
    })
    .from(intentionsTable)
    .where(inArray(intentionsTable.id, ids))
  const count = async (query: Promise<{ n: number }[]>) => Number((await query)[0]?.n ?? 0)
  const n = sql<number>`count(*)`
  return {
    counters: ids.map((id) => {
      const { prayed, amen, candle, comments } = counters.find((row) => row.id === id)!
      return { prayed, amen, candle, comments }
    }),
    prayers: await count(
      db.select({ n }).from(prayersTable).where(eq(prayersTable.userId, memberId)),
    ),
    reactions: await count(
      db
        .select({ n })
        .from(intentionReactionsTable)
        .where(eq(intentionReactionsTable.userId, memberId)),
    ),
    comments: (
      await db
        .select({ content: commentsTable.content })
        .from(commentsTable)
        .where(eq(commentsTable.authorId, memberId))
    )
      .map(({ content }) => content)
      .sort(),
    commentReactions: await count(
      db
        .select({ n })
        .from(commentReactionsTable)
        .where(inArray(commentReactionsTable.commentId, commentIds)),
    ),
    testimonyAmens: await count(
      db
        .select({ n })
        .from(testimonyReactionsTable)
        .where(eq(testimonyReactionsTable.userId, memberId)),
    ),
    newPrayers: await count(
      db.select({ n }).from(intentionsTable).where(eq(intentionsTable.authorId, memberId)),
    ),
    events: (
      await db
        .select({
          type: domainEventsTable.type,
          active: sql<unknown>`${domainEventsTable.payload}->'active'`,
        })
        .from(domainEventsTable)
        .where(sql`${domainEventsTable.payload}->'actor'->>'userId' = ${memberId}`)
    )
      .map(({ type, active }) => `${type}:${String(active ?? '')}`)
      .sort(),
    notifications: (
      await db
        .select({ type: notificationsTable.type })
        .from(notificationsTable)
        .where(eq(notificationsTable.userId, world.authorId))
    )
      .map(({ type }) => type)
      .sort(),
  }
}
