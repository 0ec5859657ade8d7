// Issue 37: a member whose address is verified changes it only after proving it is them, and
// the new address takes over once its own link is followed. The onboarding form reads these
// codes to ask for the password and keep what was typed.

/** Minutes a sign-in stays recent enough to change the address of an account without password. */
export const RECENT_SIGN_IN_MINUTES = 10

export const EmailChangeErrorCode = {
  /** The account has a password: send it as `current_password`. */
  passwordRequired: 'reauthentication_required',
  passwordWrong: 'reauthentication_failed',
  /** A social-only account: sign in again, then change the address within a few minutes. */
  recentSignInRequired: 'recent_sign_in_required',
} as const
export type EmailChangeErrorCode = (typeof EmailChangeErrorCode)[keyof typeof EmailChangeErrorCode]

export const EmailChangeMessage = {
  passwordRequired: 'To change your email, please enter your current password.',
  passwordWrong: 'That password is not right. Please try again.',
  recentSignInRequired: `To change your email, please sign out and sign in again, then change it within ${RECENT_SIGN_IN_MINUTES} minutes.`,
  passwordLabel: 'Current password',
  pendingTitle: 'Confirm your new email',
  pending: (pending: string, current: string) =>
    `We sent a link to ${pending}. Your email changes once you follow it; until then, sign in with ${current}.`,
} as const
