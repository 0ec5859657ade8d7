import type { Comment, CommentWriteResponse } from '@contract/comments'

// A write's answer is the comment plus, on a crisis signal, a support block (DESIGN §4) that
// is shown once and never cached with the thread.
export function withoutSupport({ support: _support, ...comment }: CommentWriteResponse): Comment {
  return comment
}
