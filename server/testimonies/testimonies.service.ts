import { and } from 'drizzle-orm'
import type {
  CreatedTestimony,
  CreateTestimonyBody,
  Testimony,
  TestimonyFeed,
} from '@contract/testimonies'
import type { CursorPosition } from '@contract/pagination'
import { actorOf, type Viewer } from '../auth/viewer'
import type { Database } from '../db/client'
import { keysetPage } from '../db/keyset-page'
import { enforceContentPolicy } from '../content-policy/content-check'
import type { WriteContext } from '../auth/route-context'
import { recordEvent } from '../events/record-event'
import type { PublishHold } from '../reports/publish-hold'
import { findVisibleTestimony, visibleTestimonies } from './testimony-access'
import { insertTestimony, linkableIntention } from './testimony-linking'
import { loadTestimonyView, selectTestimonyViews } from './testimony-view'
import { testimoniesTable } from './testimonies.table'

interface ReadContext {
  db: Database
  viewer: Viewer
}

/**
 * POST /api/v1/testimonies. Title, story and tags pass the content policy as one text (a
 * rejection is 422, a crisis signal adds `support`); a linked prayer must be the author's own
 * answered one without a testimony yet (testimony-linking.ts).
 */
export async function createTestimony(
  ctx: WriteContext & { publishHold: PublishHold },
  body: CreateTestimonyBody,
): Promise<CreatedTestimony> {
  const { db, viewer, now } = ctx
  const { support } = enforceContentPolicy(ctx.contentPolicy, [
    body.title,
    body.text,
    body.category_tags.join(' '),
  ])
  const intention = body.intention_id
    ? await linkableIntention(db, viewer, body.intention_id)
    : null
  const publishRule = await ctx.publishHold.ruleFor(viewer)
  const row = await db.transaction(async (tx) => {
    const inserted = await insertTestimony(tx, {
      viewer,
      now,
      intention,
      testimony: {
        title: body.title,
        text: body.text,
        categoryTags: body.category_tags,
        visibility: body.visibility,
      },
    })
    const post = { type: 'testimony', id: inserted.id, groupId: inserted.groupId } as const
    const held = await publishRule.holdIfDue(tx, { post, now })
    await recordEvent(
      tx,
      {
        type: 'TestimonyShared',
        payload: {
          testimonyId: inserted.id,
          intentionId: inserted.intentionId,
          actor: actorOf(viewer),
          crisis: support !== undefined,
          held,
        },
      },
      { occurredAt: now },
    )
    return inserted
  })
  const testimony = await loadTestimonyView(db, viewer, row.id)
  return support ? { ...testimony, support } : testimony
}

/**
 * GET /api/v1/testimonies?cursor&limit=20, newest first. Removed testimonies leave the feed for
 * everyone, moderators included: a card has no "removed" marker (moderators open one by id).
 */
export async function listTestimonies(
  { db, viewer }: ReadContext,
  query: { cursor?: CursorPosition | undefined; limit: number },
): Promise<TestimonyFeed> {
  const keyset = keysetPage(query)
  const where = and(
    await visibleTestimonies(db, viewer),
    keyset.after(testimoniesTable.createdAt, testimoniesTable.id),
  )
  const rows = await selectTestimonyViews({ db, viewer, where, limit: keyset.take })
  return keyset.page(rows, (row) => ({ createdAt: row.created_at, id: row.testimony_id }))
}

/** GET /api/v1/testimonies/{id}: 404 to whoever may not see it. */
export async function getTestimony(
  { db, viewer }: ReadContext,
  testimonyId: string,
): Promise<Testimony> {
  await findVisibleTestimony(db, viewer, testimonyId)
  return loadTestimonyView(db, viewer, testimonyId)
}
