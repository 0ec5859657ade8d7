import * as z from 'zod/mini'
import { emptyAsAbsent, MAX_PAGE_SIZE, TimestampSchema } from './pagination'
import { ReportCategorySchema } from './reports'
import { blankAsNullText, text } from './text'

// Issue 8: the moderators' side. Every path is under /api/v1/moderation (admin users under
// /api/v1/admin) and answers 401 without a session, 403 without the role.

export const MODERATION_TARGET_TYPES = ['intention', 'comment', 'testimony', 'room'] as const
export const ModerationTargetTypeSchema = z.enum(MODERATION_TARGET_TYPES)
export type ModerationTargetType = z.infer<typeof ModerationTargetTypeSchema>

export const MODERATION_PAGE_SIZE = 20

export const MODERATION_LIMITS = {
  reasonMax: 300,
  noteMax: 300,
  phraseMax: 100,
  suspensionDaysMax: 365,
  searchMax: 100,
} as const

export const MODERATION_MESSAGES = {
  reasonRequired: 'Please give a reason.',
  reasonTooLong: `Please keep the reason under ${MODERATION_LIMITS.reasonMax} characters.`,
  noteTooLong: `Please keep the note under ${MODERATION_LIMITS.noteMax} characters.`,
  phraseRequired: 'Please enter a word or phrase.',
  phraseTooLong: `Please keep phrases under ${MODERATION_LIMITS.phraseMax} characters.`,
  daysInvalid: `Choose between 1 and ${MODERATION_LIMITS.suspensionDaysMax} days.`,
  itemNotFound: 'This item no longer exists.',
  userNotFound: 'This member no longer exists.',
  ownRoles: 'You cannot change your own roles.',
  notWaiting: 'This post is not waiting for review, so there is nothing to approve.',
} as const

// An opaque cursor: the server alone reads it (a malformed one answers 400).
const CursorParam = emptyAsAbsent(z.string().check(z.maxLength(500)))
const Limit = z._default(
  z.coerce.number().check(z.int(), z.gte(1), z.lte(MAX_PAGE_SIZE)),
  MODERATION_PAGE_SIZE,
)

const optionalNote = blankAsNullText(MODERATION_LIMITS.noteMax, MODERATION_MESSAGES.noteTooLong)

const reason = text({ error: MODERATION_MESSAGES.reasonRequired }).check(
  z.trim(),
  z.minLength(1, { error: MODERATION_MESSAGES.reasonRequired, abort: true }),
  z.maxLength(MODERATION_LIMITS.reasonMax, MODERATION_MESSAGES.reasonTooLong),
)

/**
 * Why a post was held the moment it was posted (issue 38, the community's `publish` rule):
 * `first_post`, one of a new member's first posts; `review`, every public post is reviewed.
 */
export const PUBLISH_HOLD_REASONS = ['first_post', 'review'] as const
export const PublishHoldReasonSchema = z.enum(PUBLISH_HOLD_REASONS)
export type PublishHoldReason = z.infer<typeof PublishHoldReasonSchema>

export const PersonSchema = z.object({ userId: z.string(), displayName: z.string() })
export type Person = z.infer<typeof PersonSchema>

// ---- Queue ----------------------------------------------------------------------------------

/** `open` (default): open reports or urgent unreviewed posts; `resolved`: recently closed. */
export const QUEUE_STATUSES = ['open', 'resolved'] as const
export const QueueQuerySchema = z.object({
  cursor: CursorParam,
  limit: Limit,
  status: z._default(z.enum(QUEUE_STATUSES), 'open'),
})
export type QueueQuery = z.input<typeof QueueQuerySchema>

export const QueueTargetSchema = z.object({
  type: ModerationTargetTypeSchema,
  id: z.string(),
  /** The intention to link to: the item itself, a comment's prayer or a testimony's prayer. */
  intentionId: z.nullable(z.string()),
  /** Intentions and testimonies have one; comments null. */
  title: z.nullable(z.string()),
  text: z.string(),
  createdAt: TimestampSchema,
  removedAt: z.nullable(TimestampSchema),
  removalReason: z.nullable(z.string()),
  /** Auto-hold: hidden from everyone but its author until reviewed. */
  heldAt: z.nullable(TimestampSchema),
  author: PersonSchema,
})
export type QueueTarget = z.infer<typeof QueueTargetSchema>

export const QueueReportSchema = z.object({
  category: ReportCategorySchema,
  note: z.nullable(z.string()),
  createdAt: TimestampSchema,
  /** Reporters stay anonymous to moderators; only admins are told who reported. */
  reporter: z.nullable(PersonSchema),
})
export type QueueReport = z.infer<typeof QueueReportSchema>

export const AuthorHistorySchema = z.object({
  /** Intentions, comments and testimonies posted in the last 30 days. */
  itemsLast30Days: z.number().check(z.int(), z.nonnegative()),
  /** Items of theirs a moderator removed, ever. */
  removalsTotal: z.number().check(z.int(), z.nonnegative()),
  suspendedUntil: z.nullable(TimestampSchema),
})
export type AuthorHistory = z.infer<typeof AuthorHistorySchema>

export const QueueItemSchema = z.object({
  target: QueueTargetSchema,
  /** The text signals a member in crisis: shown first, whatever its report count. */
  urgent: z.boolean(),
  reportCount: z.number().check(z.int(), z.nonnegative()),
  /** Held at posting by the publish rule, not yet approved (issue 38): why; else null. */
  waitingForReview: z.nullable(PublishHoldReasonSchema),
  /** Null for an urgent item nobody reported. */
  lastReportedAt: z.nullable(TimestampSchema),
  categories: z.array(
    z.object({ category: ReportCategorySchema, count: z.number().check(z.int()) }),
  ),
  reports: z.array(QueueReportSchema),
  authorHistory: AuthorHistorySchema,
  /** Set in the `resolved` list: when the last report or flag was closed. */
  resolvedAt: z.nullable(TimestampSchema),
})
export type QueueItem = z.infer<typeof QueueItemSchema>

export const QueuePageSchema = z.object({
  items: z.array(QueueItemSchema),
  nextCursor: z.nullable(z.string()),
})
export type QueuePage = z.infer<typeof QueuePageSchema>

export const ItemParamsSchema = z.object({ type: ModerationTargetTypeSchema, id: z.uuid() })
export type ItemParams = z.infer<typeof ItemParamsSchema>

// POST …/items/:type/:id/dismiss and …/restore → 204. Dismiss closes open reports and flags and
// lifts an auto-hold. Restore brings back a removed or held item (409 `conflict` when it is
// neither, or when a restored testimony's prayer has another one meanwhile).
export const NoteBodySchema = z._default(z.object({ note: optionalNote }), { note: null })
export type NoteBody = z.input<typeof NoteBodySchema>

// POST …/items/:type/:id/approve → 204 (issue 38): publishes a post the publish rule held,
// with its original time; 409 `conflict` (notWaiting) when it is not waiting for review.

// POST …/items/:type/:id/remove → 204: the author is told this reason (ContentRemoved);
// 409 `conflict` when already removed; 404 when the item is gone.
export const RemoveBodySchema = z.object({ reason })
export type RemoveBody = z.infer<typeof RemoveBodySchema>

// ---- Suspensions ----------------------------------------------------------------------------

export const UserParamsSchema = z.object({ userId: z.uuid() })

// POST /users/:userId/suspension → 204 (now + days); DELETE → 204. 403 `forbidden` for oneself,
// and for a moderator or admin unless an admin asks.
export const SuspensionBodySchema = z.object({
  days: z.coerce
    .number({ error: MODERATION_MESSAGES.daysInvalid })
    .check(
      z.int(MODERATION_MESSAGES.daysInvalid),
      z.gte(1, MODERATION_MESSAGES.daysInvalid),
      z.lte(MODERATION_LIMITS.suspensionDaysMax, MODERATION_MESSAGES.daysInvalid),
    ),
  reason,
})
export type SuspensionBody = z.input<typeof SuspensionBodySchema>

// ---- Blocklist ------------------------------------------------------------------------------

// POST /blocklist { phrase } → 201 with the whole Blocklist (409 `conflict` when already there);
// DELETE /blocklist { phrase } (or ?phrase=) → 200 with the whole Blocklist (404 when absent).
// Phrases are stored lower-cased.
export const BlocklistPhraseBodySchema = z.object({
  phrase: text({ error: MODERATION_MESSAGES.phraseRequired }).check(
    z.trim(),
    z.toLowerCase(),
    z.minLength(1, { error: MODERATION_MESSAGES.phraseRequired, abort: true }),
    z.maxLength(MODERATION_LIMITS.phraseMax, MODERATION_MESSAGES.phraseTooLong),
  ),
})
export type BlocklistPhraseBody = z.input<typeof BlocklistPhraseBodySchema>

export const BlocklistSchema = z.object({
  phrases: z.array(
    z.object({
      phrase: z.string(),
      /** Display name of the moderator who added it (null once that account is gone). */
      addedBy: z.nullable(z.string()),
      createdAt: TimestampSchema,
    }),
  ),
})
export type Blocklist = z.infer<typeof BlocklistSchema>

// ---- Audit log (admins) ---------------------------------------------------------------------

export const AUDIT_ACTIONS = [
  'dismiss',
  'remove',
  'restore',
  'suspend',
  'unsuspend',
  'blocklist_add',
  'blocklist_remove',
  'role_grant',
  'role_revoke',
  // Issue 38: an admin changed the community's settings; details hold the new values.
  'community_update',
  // Issue 38: an admin or moderator created or revoked an invite link (never its code).
  'invite_create',
  'invite_revoke',
  // Issue 38: a moderator published a post the publish rule held; details hold why it was held.
  'approve',
  // Issue 38: a moderator let in (or refused, the account deleted) a member waiting for approval.
  'member_approve',
  'member_reject',
  // Issue 40: an account was deleted, by its member (the actor named "A former member") or by
  // an admin (with the reason); the target is the account's id alone, no name or address.
  'account_deleted',
] as const
export const AuditActionSchema = z.enum(AUDIT_ACTIONS)
export type AuditAction = z.infer<typeof AuditActionSchema>

export const AuditQuerySchema = z.object({ cursor: CursorParam, limit: Limit })

export const AuditEntrySchema = z.object({
  id: z.string(),
  at: TimestampSchema,
  /** Null once the acting account was deleted (the entry itself stays). */
  actor: z.nullable(PersonSchema),
  action: AuditActionSchema,
  target: z.nullable(
    z.object({
      type: z.enum([...MODERATION_TARGET_TYPES, 'user', 'phrase', 'invite']),
      id: z.string(),
    }),
  ),
  reason: z.nullable(z.string()),
  details: z.record(z.string(), z.unknown()),
})
export type AuditEntry = z.infer<typeof AuditEntrySchema>

export const AuditPageSchema = z.object({
  items: z.array(AuditEntrySchema),
  nextCursor: z.nullable(z.string()),
})
export type AuditPage = z.infer<typeof AuditPageSchema>

// ---- Roles (admins) -------------------------------------------------------------------------

export const AdminUsersQuerySchema = z.object({
  search: z.optional(text().check(z.trim(), z.maxLength(MODERATION_LIMITS.searchMax))),
  cursor: CursorParam,
  limit: Limit,
})
export type AdminUsersQuery = z.input<typeof AdminUsersQuerySchema>

export const AdminUserSchema = z.object({
  userId: z.string(),
  displayName: z.string(),
  email: z.string(),
  roles: z.array(z.string()),
  suspendedUntil: z.nullable(TimestampSchema),
})
export type AdminUser = z.infer<typeof AdminUserSchema>

export const AdminUsersPageSchema = z.object({
  items: z.array(AdminUserSchema),
  nextCursor: z.nullable(z.string()),
})
export type AdminUsersPage = z.infer<typeof AdminUsersPageSchema>

/**
 * The roles an admin grants from the roles screen: moderator (issue 8) and room_leader, who may
 * create public Prayer Rooms without moderating (issue 21).
 */
export const GRANTABLE_ROLES = ['moderator', 'room_leader'] as const
export type GrantableRole = (typeof GRANTABLE_ROLES)[number]

// PUT /api/v1/admin/users/:userId/roles → { roles }; 403 for one's own roles. Admin itself is
// granted by ADMIN_EMAILS or `npm run user:role`, never from the screen. Each key grants (true)
// or revokes (false) its role; a role left out stays as it is.
export const RolesBodySchema = z
  .object({ moderator: z.optional(z.boolean()), room_leader: z.optional(z.boolean()) })
  .check(
    z.refine((body) => GRANTABLE_ROLES.some((role) => body[role] !== undefined), {
      message: 'Say which role to grant or revoke.',
    }),
  )
export type RolesBody = z.infer<typeof RolesBodySchema>

export const RolesSchema = z.object({ roles: z.array(z.string()) })
export type Roles = z.infer<typeof RolesSchema>
