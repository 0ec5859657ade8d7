import type { Placeholder } from 'drizzle-orm'
import type { UserRole } from '../users/users.repository'
import type { Actor } from '../events/domain-events'

/** Who is asking: set on every request by the session plugin (null without a valid session). */
export interface Viewer {
  userId: string
  sessionId: string
  displayName: string
  /** The roles in force: a staff role only in a session that proved two factors (issue 39). */
  roles: UserRole[]
  /** Staff roles the member holds that this session may not use until it proves a second factor. */
  rolesAwaitingSecondFactor: UserRole[]
  /** The session proved a second factor (a TOTP or recovery code, or a passkey sign-in). */
  secondFactor: boolean
  emailVerified: boolean
  hasProfile: boolean
  suspendedUntil: Date | null
  /** Issue 38: the account waits for a moderator's approval (join = "approval"). */
  pending: boolean
}

declare module 'fastify' {
  interface FastifyRequest {
    viewer: Viewer | null
  }
}

/**
 * A viewer's id in a query: the value, or a placeholder that a prepared statement, built once and
 * run for every viewer, fills at each run (the feed, issue 22).
 */
export type ViewerId = string | Placeholder

const STAFF_ROLES: readonly UserRole[] = ['moderator', 'admin']

/**
 * Issue 39: a moderator's or admin's rights are in force only in a session that proved two
 * factors; in any other session they act as the member they also are, and the staff roles wait.
 */
export function rolesInForce(
  roles: UserRole[],
  secondFactor: boolean,
): Pick<Viewer, 'roles' | 'rolesAwaitingSecondFactor' | 'secondFactor'> {
  if (secondFactor) return { roles, rolesAwaitingSecondFactor: [], secondFactor }
  return {
    roles: roles.filter((role) => !STAFF_ROLES.includes(role)),
    rolesAwaitingSecondFactor: roles.filter((role) => STAFF_ROLES.includes(role)),
    secondFactor,
  }
}

// Admins moderate too: an admin who could not remove a post would be a surprise.
export function isModeratorViewer(viewer: Pick<Viewer, 'roles'> | null): boolean {
  return viewer !== null && (viewer.roles.includes('moderator') || viewer.roles.includes('admin'))
}

/** The viewer as a domain event names them (server/events/domain-events.ts). */
export function actorOf(viewer: Pick<Viewer, 'userId' | 'displayName'>): Actor {
  return { userId: viewer.userId, displayName: viewer.displayName }
}
