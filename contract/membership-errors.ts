// Issue 38, join = "approval": the problem codes of a member waiting for approval. Zod-free, so
// the client's first load (the session guard) reads them without the schemas.

/** The problem `title` (type `urn:problem:membership_pending`) of every refused call. */
export const MembershipErrorCode = {
  pending: 'membership_pending',
  // Approve or reject of an account that is not waiting (approved meanwhile by someone else).
  notPending: 'membership_not_pending',
} as const

export const MEMBERSHIP_MESSAGES = {
  pending:
    'Your account is waiting for a moderator’s approval. You can sign out or edit your profile until then.',
  notPending: 'This member is no longer waiting for approval.',
  notFound: 'This member no longer exists.',
} as const
