import * as z from 'zod/mini'
import { blankAsNullText, text } from './text'

// Private groups (DESIGN §4, calls the spec does not show).
export const GROUP_ROLES = ['admin', 'member'] as const
export const GroupRoleSchema = z.enum(GROUP_ROLES)
export type GroupRole = z.infer<typeof GroupRoleSchema>

export const GROUP_LIMITS = { nameMin: 3, nameMax: 60, descriptionMax: 300 } as const

// Invite codes are read aloud and typed on phones: Crockford base32 (no I, L, O, U) so
// nothing is ambiguous, grouped "ABCD-EFGH" for display. The server draws codes from this.
export const INVITE_CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ'
export const INVITE_CODE_LENGTH = 8

export const GROUP_MESSAGES = {
  nameLength: 'Group name must be 3 to 60 characters.',
  descriptionTooLong: 'Description must be 300 characters or fewer.',
  codeRequired: 'Please enter an invite code.',
  codeInvalid: "That invite code doesn't look right.",
} as const

export const CreateGroupBodySchema = z.object({
  name: text({ error: GROUP_MESSAGES.nameLength }).check(
    z.trim(),
    z.minLength(GROUP_LIMITS.nameMin, GROUP_MESSAGES.nameLength),
    z.maxLength(GROUP_LIMITS.nameMax, GROUP_MESSAGES.nameLength),
  ),
  description: blankAsNullText(GROUP_LIMITS.descriptionMax, GROUP_MESSAGES.descriptionTooLong),
})
export type CreateGroupBody = z.infer<typeof CreateGroupBodySchema>

// Forgiving of case, spaces and the display hyphen; O, I and L read as 0, 1 and 1 (Crockford).
export function normaliseInviteCode(code: string): string {
  return code.toUpperCase().replace(/[\s-]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1')
}

export const JoinGroupBodySchema = z.object({
  code: z.pipe(
    z.pipe(z.string({ error: GROUP_MESSAGES.codeRequired }), z.transform(normaliseInviteCode)),
    z
      .string()
      .check(
        z.minLength(1, { error: GROUP_MESSAGES.codeRequired, abort: true }),
        z.regex(
          new RegExp(`^[${INVITE_CODE_ALPHABET}]{${INVITE_CODE_LENGTH}}$`),
          GROUP_MESSAGES.codeInvalid,
        ),
      ),
  ),
})
export type JoinGroupBody = z.infer<typeof JoinGroupBodySchema>

// invite_code is sent to members only; to anyone else it is null.
export const GroupSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  description: z.nullable(z.string()),
  invite_code: z.nullable(z.string()),
  role: GroupRoleSchema,
})
export type Group = z.infer<typeof GroupSchema>

// GET /api/v1/groups/mine answers a plain array (the first of the spec's alternatives).
export const MyGroupsResponseSchema = z.array(GroupSchema)

export const GroupMemberSchema = z.object({
  display_name: z.string(),
  role: GroupRoleSchema,
  is_you: z.boolean(),
})
export type GroupMember = z.infer<typeof GroupMemberSchema>
export const GroupMembersResponseSchema = z.array(GroupMemberSchema)
