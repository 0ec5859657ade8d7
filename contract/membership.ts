import * as z from 'zod/mini'
import { emptyAsAbsent, MAX_PAGE_SIZE, TimestampSchema } from './pagination'

// Issue 38, join = "approval": a new account waits for a moderator before it joins the community.

export const PENDING_MEMBERS_PAGE_SIZE = 20

// GET /api/v1/moderation/members/pending?cursor&limit: oldest first (the longest wait on top).
export const PendingMembersQuerySchema = z.object({
  cursor: emptyAsAbsent(z.string().check(z.maxLength(500))),
  limit: z._default(
    z.coerce.number().check(z.int(), z.gte(1), z.lte(MAX_PAGE_SIZE)),
    PENDING_MEMBERS_PAGE_SIZE,
  ),
})
export type PendingMembersQuery = z.input<typeof PendingMembersQuerySchema>

/**
 * What a moderator decides on. Never the private onboarding answers (real names, phone, country,
 * birth: only the member reads them, spec 000 §3); the email only for admins, who see it on the
 * roles screen already.
 */
export const PendingMemberSchema = z.object({
  userId: z.string(),
  displayName: z.string(),
  email: z.nullable(z.string()),
  /** When the account was created waiting. */
  pendingSince: TimestampSchema,
  /** The onboarding form was saved. */
  profileCompleted: z.boolean(),
  emailVerified: z.boolean(),
})
export type PendingMember = z.infer<typeof PendingMemberSchema>

export const PendingMembersPageSchema = z.object({
  items: z.array(PendingMemberSchema),
  nextCursor: z.nullable(z.string()),
})
export type PendingMembersPage = z.infer<typeof PendingMembersPageSchema>

// POST …/members/{userId}/approve → 200 { userId, approvedAt }; …/reject → 204 (the account goes).
export const ApprovedMemberSchema = z.object({ userId: z.string(), approvedAt: TimestampSchema })
export type ApprovedMember = z.infer<typeof ApprovedMemberSchema>
