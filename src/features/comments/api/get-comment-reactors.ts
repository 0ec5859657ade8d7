import type { CommentReactionKind } from '@contract/comments'
import { PAGE_SIZE } from '@contract/pagination'
import { ReactorPageSchema } from '@contract/reactors'
import type { ReactorListPage } from '@/components/reactors-dialog'
import { apiFetch } from '@/lib/api-client'
import { commentsPath } from './get-comments'

// Spec 001 §7: GET …/comments/{commentId}/reactions?type=like|amen&limit=25&cursor.
export async function getCommentReactors({
  intentionId,
  commentId,
  type,
  cursor,
  signal,
}: {
  intentionId: string
  commentId: string
  type: CommentReactionKind
  cursor: string | null
  signal?: AbortSignal
}): Promise<ReactorListPage> {
  const query = new URLSearchParams({ type, limit: String(PAGE_SIZE.reactions) })
  if (cursor) query.set('cursor', cursor)
  const page = await apiFetch(
    `${commentsPath(intentionId)}/${encodeURIComponent(commentId)}/reactions?${query}`,
    { schema: ReactorPageSchema, signal },
  )
  return {
    items: page.items.map(({ user_id, ...reactor }) => ({ id: user_id, ...reactor })),
    next_cursor: page.next_cursor,
  }
}

/** The reactors dialog appends the tab to this key (src/components/reactors-dialog.tsx). */
export function commentReactorsQueryKey(intentionId: string, commentId: string) {
  return ['comments', intentionId, 'reactors', commentId] as const
}
