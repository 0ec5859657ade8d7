import { CONTENT_POLICY_MESSAGE } from '@contract/content-policy'
import { ErrorCode } from '@contract/errors'
import { type MessageId, t, translateText } from '@/i18n/i18n'
import { ApiError, NetworkError } from '@/lib/api-client'

// Spec 001 §2 and §8, word for word in English: message ids, worded by t() where shown.
export const COMMENT_TEXT = {
  loading: 'Loading comments…',
  empty: 'No comments yet.',
  loadMore: 'Load more',
  loadFailed: 'Could not load comments.',
  placeholder: 'Write a comment (max 200 characters)',
  post: 'Post (comment)',
  posting: 'Posting…',
  reloadLatest: 'Reload latest',
  likesEmpty: 'No Likes on this comment yet.',
  amensEmpty: 'No Amen on this comment yet.',
} as const satisfies Record<string, MessageId>

export const COMMENT_ERRORS = {
  network: 'Network error (comments)',
  unexpected: 'Unexpected error (comments)',
  verifyToPost: 'You need to verify your email address to post comments.',
  addFailed: 'Failed to add comment.',
  conflict: 'Updated elsewhere—reload and try again.',
  noEditPermission: "You don't have permission to edit this comment.",
  noDeletePermission: "You don't have permission to delete this comment.",
  gone: 'This comment is no longer available.',
  closed: 'Comments are closed on this intention.',
  saveFailed: 'Failed to save changes (comment)',
  deleteFailed: 'Failed to delete comment.',
  missingIds: 'Missing identifiers.',
} as const satisfies Record<string, MessageId>

// The functions below word a failure when it happens, in the member's language then: t() and
// the contract's or the server's own text through translateText.

/** Thrown before a call when the comment or its prayer has no id (spec 001 §8 "missing ids"). */
export class MissingIdentifiersError extends Error {
  override readonly name = 'MissingIdentifiersError'
  constructor() {
    super(t(COMMENT_ERRORS.missingIds))
  }
}

// An ApiError whose status is 2xx is an answer we could not read: not the server's refusal.
function refusal(error: unknown): ApiError | null {
  return error instanceof ApiError && error.status >= 400 ? error : null
}

function isContentPolicy(error: ApiError): boolean {
  return error.status === 422 && error.code === ErrorCode.contentPolicy
}

/** Spec 001 §8 "Post comment". */
export function postErrorMessage(error: unknown): string {
  if (error instanceof NetworkError) return t(COMMENT_ERRORS.network)
  const refused = refusal(error)
  if (!refused) return t(COMMENT_ERRORS.unexpected)
  if (isContentPolicy(refused)) return translateText(CONTENT_POLICY_MESSAGE)
  // A suspended member is verified: telling them to verify would send them the wrong way.
  if (refused.status === 403 && refused.code !== ErrorCode.suspended)
    return t(COMMENT_ERRORS.verifyToPost)
  return refused.detail ? translateText(refused.detail) : t(COMMENT_ERRORS.addFailed)
}

/** Spec 001 §8 "Comment edit". */
export function editErrorMessage(error: unknown): string {
  if (error instanceof MissingIdentifiersError) return t(COMMENT_ERRORS.missingIds)
  if (error instanceof NetworkError) return t(COMMENT_ERRORS.network)
  const refused = refusal(error)
  if (!refused) return t(COMMENT_ERRORS.saveFailed)
  // Issue 8: a suspended member hears that, with its end date, rather than "no permission".
  if (refused.code === ErrorCode.suspended) return translateText(refused.detail)
  if (isContentPolicy(refused)) return translateText(CONTENT_POLICY_MESSAGE)
  switch (refused.status) {
    case 409:
      return t(COMMENT_ERRORS.conflict)
    case 401:
    case 403:
      return t(COMMENT_ERRORS.noEditPermission)
    case 404:
      return t(COMMENT_ERRORS.gone)
    case 423:
      return t(COMMENT_ERRORS.closed)
    default:
      return refused.detail ? translateText(refused.detail) : t(COMMENT_ERRORS.saveFailed)
  }
}

/** Spec 001 §8 "Comment delete". */
export function deleteErrorMessage(error: unknown): string {
  if (error instanceof MissingIdentifiersError) return t(COMMENT_ERRORS.missingIds)
  if (error instanceof NetworkError) return t(COMMENT_ERRORS.network)
  const refused = refusal(error)
  if (!refused) return t(COMMENT_ERRORS.deleteFailed)
  if (refused.code === ErrorCode.suspended) return translateText(refused.detail)
  switch (refused.status) {
    case 401:
    case 403:
      return t(COMMENT_ERRORS.noDeletePermission)
    case 404:
      return t(COMMENT_ERRORS.gone)
    case 423:
      return t(COMMENT_ERRORS.closed)
    default:
      return refused.detail ? translateText(refused.detail) : t(COMMENT_ERRORS.deleteFailed)
  }
}

export function isConflict(error: unknown): boolean {
  return error instanceof ApiError && error.status === 409
}
