import * as z from 'zod/mini'
import { MODERATION_LIMITS, MODERATION_MESSAGES } from './moderation'
import { text } from './text'
import { RECENT_SIGN_IN_MINUTES } from './users-email-change'

// Issue 40 "Delete my account": the member proves it is them (their password, or for an account
// without one a sign-in within the last few minutes) and types their display name; an admin
// deletes a member's account with a reason. The account closes at once (ADR 0035).

/** How a deleted member is named where their name used to be (notifications). */
export const FORMER_MEMBER = 'A former member'

/** Days until a deleted account's email and display name may be used again. */
export const ACCOUNT_FREED_AFTER_DAYS = 30
/** Days a deleted member's posts under review are kept for the moderators. */
export const KEPT_FOR_REVIEW_DAYS = 90

export const DeleteAccountBodySchema = z.object({
  password: z.optional(z.string().check(z.maxLength(1024))),
  confirm: text().check(z.maxLength(200)),
})
export type DeleteAccountBody = z.infer<typeof DeleteAccountBodySchema>

export const AdminDeleteAccountBodySchema = z.object({
  // As a moderator's removal reason: the same limits and messages.
  reason: text({ error: MODERATION_MESSAGES.reasonRequired }).check(
    z.trim(),
    z.minLength(1, { error: MODERATION_MESSAGES.reasonRequired, abort: true }),
    z.maxLength(MODERATION_LIMITS.reasonMax, MODERATION_MESSAGES.reasonTooLong),
  ),
})
export type AdminDeleteAccountBody = z.infer<typeof AdminDeleteAccountBodySchema>

export const AccountDeletionErrorCode = {
  /** `confirm` is not the account's display name. */
  confirmMismatch: 'confirm_mismatch',
  /** An admin tried to delete their own account from the roles screen. */
  selfDeletion: 'self_deletion',
} as const

export const ACCOUNT_DELETION_MESSAGES = {
  sectionTitle: 'Delete my account',
  explanation:
    'Your prayer requests, updates, comments, testimonies, prayer list, reminders and the rooms you created are deleted. The prayers and Amens you gave still count, without your name. This cannot be undone.',
  passwordLabel: 'Your password',
  passwordRequired: 'To delete your account, please enter your password.',
  recentSignInRequired: `To delete your account, please sign out and sign in again, then delete it within ${RECENT_SIGN_IN_MINUTES} minutes.`,
  confirmLabel: (displayName: string) => `Type your display name (${displayName}) to confirm`,
  confirmMismatch: 'Please type your display name exactly as it is shown.',
  deleteButton: 'Delete my account',
  dialogTitle: 'Delete your account for good?',
  dialogText: 'You will be signed out on every device, and what you wrote will be deleted.',
  cancel: 'Cancel',
  confirmButton: 'Delete for good',
  deleted: 'Your account was deleted. Thank you for praying with us.',
  adminButton: 'Delete account',
  adminDialogTitle: (displayName: string) => `Delete ${displayName}’s account?`,
  adminReasonLabel: 'Reason (kept in the audit log)',
  adminDeleted: (displayName: string) => `${displayName}’s account was deleted.`,
  selfDeletion: 'Delete your own account from your account screen.',
} as const
