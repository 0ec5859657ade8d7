import { sql } from 'drizzle-orm'
import type { CommunitySettings } from '@contract/community'
import type { PublishHoldReason } from '@contract/moderation'
import { isModeratorViewer } from '../auth/viewer'
import { commentsTable } from '../comments/comments.table'
import type { CommunitySettingsReader } from '../community/community-settings'
import type { Database } from '../db/client'
import { intentionsTable } from '../intentions/intentions.table'
import type { NewPost, PublishHold } from '../reports/publish-hold'
import { testimoniesTable } from '../testimonies/testimonies.table'
import { holdTarget } from './moderation-targets'
import { moderationFlagsTable } from './moderation.table'

/**
 * The community's `publish` rule (issue 38): `at_once` holds nothing; `first_posts` holds a
 * member's public posts until `first_posts_held` of theirs are published; `all` holds every
 * public post. A held post gets a `first_post` or `review` flag: that is its place in the queue
 * until a moderator approves or removes it. Private-group posts are never held, and neither are
 * moderators' and admins' posts: they are the reviewers.
 */
export function publishRule(community: CommunitySettingsReader): PublishHold {
  return {
    async ruleFor(viewer) {
      const settings = await community.read()
      return {
        async holdIfDue(tx, { post, now }) {
          if (post.groupId !== null || isModeratorViewer(viewer)) return false
          const reason = await holdReason(tx, settings, viewer.userId, post)
          if (!reason) return false
          await holdTarget(tx, post.type, post.id, now)
          await tx
            .insert(moderationFlagsTable)
            .values({ targetType: post.type, targetId: post.id, reason, createdAt: now })
          return true
        },
      }
    },
  }
}

async function holdReason(
  tx: Database,
  {
    publish,
    first_posts_held: firstPosts,
  }: Pick<CommunitySettings, 'publish' | 'first_posts_held'>,
  authorId: string,
  post: NewPost,
): Promise<PublishHoldReason | null> {
  if (publish === 'all') return 'review'
  if (publish !== 'first_posts' || firstPosts === 0) return null
  const published = await publishedPublicPosts(tx, authorId, post.id, firstPosts)
  return published < firstPosts ? 'first_post' : null
}

/**
 * What counts toward a member's first posts: their public requests, comments on public
 * requests and public testimonies that are published now (neither held nor removed), up to
 * `atMost`. A post removed by a moderator or deleted by its author no longer counts.
 */
async function publishedPublicPosts(
  tx: Database,
  authorId: string,
  exceptId: string,
  atMost: number,
): Promise<number> {
  const i = intentionsTable
  const c = commentsTable
  const t = testimoniesTable
  const result = (await tx.execute(sql`
    select count(*)::int as published from (
      select ${i.id} from ${i} where ${i.authorId} = ${authorId} and ${i.groupId} is null
        and ${i.heldAt} is null and ${i.removedAt} is null and ${i.id} <> ${exceptId}
      union all
      select ${c.id} from ${c} join ${i} on ${i.id} = ${c.intentionId}
        where ${c.authorId} = ${authorId} and ${i.groupId} is null
        and ${c.heldAt} is null and ${c.removedAt} is null and ${c.id} <> ${exceptId}
      union all
      select ${t.id} from ${t} where ${t.authorId} = ${authorId} and ${t.groupId} is null
        and ${t.heldAt} is null and ${t.removedAt} is null and ${t.id} <> ${exceptId}
      limit ${atMost}
    ) posts`)) as unknown as { rows: { published: number }[] }
  return Number(result.rows[0]?.published ?? 0)
}
