import * as z from 'zod/mini'
import { TimestampSchema } from './pagination'

// Issue 38, join = "invite": admins and moderators create links with an optional expiry and use
// count; an account is created only with a valid one (POST /auth/signup's `invite`, the social
// start's `?invite=`). The code is shown once, when it is created: the server keeps its SHA-256
// and four characters to tell links apart (docs/community.md).

export const INVITE_LIMITS = { maxUsesMax: 10_000, codeMax: 200 } as const

/** What the invite link carries to sign-up; any string, an unknown one is refused as unknown. */
export const InviteCodeSchema = z.string().check(z.trim(), z.maxLength(INVITE_LIMITS.codeMax))

export const INVITE_MESSAGES = {
  maxUses: `Choose from 1 to ${INVITE_LIMITS.maxUsesMax} uses, or no limit.`,
  expiresAt: 'Enter the expiry as a date and time in the future, or none.',
} as const

export const CreateInviteBodySchema = z.object({
  expires_at: z.nullable(z.iso.datetime({ offset: true, error: INVITE_MESSAGES.expiresAt })),
  max_uses: z.nullable(
    z
      .number({ error: INVITE_MESSAGES.maxUses })
      .check(
        z.int(INVITE_MESSAGES.maxUses),
        z.minimum(1, INVITE_MESSAGES.maxUses),
        z.maximum(INVITE_LIMITS.maxUsesMax, INVITE_MESSAGES.maxUses),
      ),
  ),
})
export type CreateInviteBody = z.infer<typeof CreateInviteBodySchema>

export const CreatedInviteSchema = z.object({
  invite_id: z.string(),
  /** The secret itself: answered here only, never again. */
  code: z.string(),
  /** The link to share: the sign-in page with `?invite=`. */
  url: z.string(),
})
export type CreatedInvite = z.infer<typeof CreatedInviteSchema>

export const INVITE_STATES = ['active', 'expired', 'used_up', 'revoked'] as const
export type InviteState = (typeof INVITE_STATES)[number]

export const InviteSchema = z.object({
  invite_id: z.string(),
  /** The code's first characters, to tell links apart; not enough to use one. */
  code_hint: z.string(),
  created_at: TimestampSchema,
  /** Display name of the admin or moderator who created it (null once that account is gone). */
  created_by: z.nullable(z.string()),
  expires_at: z.nullable(TimestampSchema),
  max_uses: z.nullable(z.number()),
  uses: z.number(),
  revoked_at: z.nullable(TimestampSchema),
  state: z.enum(INVITE_STATES),
})
export type Invite = z.infer<typeof InviteSchema>

export const InviteListSchema = z.object({ items: z.array(InviteSchema) })
export type InviteList = z.infer<typeof InviteListSchema>

export const InviteIdParamsSchema = z.object({ id: z.uuid() })

// Problem titles of a sign-up refused by an invite-only community (403): the sign-up page says
// which (issue 38).
export const InviteErrorCode = {
  required: 'invitation_required',
  unknown: 'invitation_unknown',
  expired: 'invitation_expired',
  usedUp: 'invitation_used_up',
  revoked: 'invitation_revoked',
} as const
export type InviteErrorCode = (typeof InviteErrorCode)[keyof typeof InviteErrorCode]

export const INVITE_ERROR_CODES: readonly string[] = Object.values(InviteErrorCode)

export const InviteErrorMessage: Record<InviteErrorCode, string> = {
  invitation_required:
    'This community is invitation-only. Ask someone who runs it for an invitation link.',
  invitation_unknown:
    'This invitation link is not valid. Check that you copied all of it, or ask for a new one.',
  invitation_expired: 'This invitation link has expired. Ask for a new one.',
  invitation_used_up:
    'This invitation link has been used as many times as it allows. Ask for a new one.',
  invitation_revoked: 'This invitation link was withdrawn. Ask for a new one.',
}

export function isInviteErrorCode(code: string): code is InviteErrorCode {
  return INVITE_ERROR_CODES.includes(code)
}
