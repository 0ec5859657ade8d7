// Role checks on a profile answer, without zod, so the profile read in the page's first load can
// use them (issue 18).
import { toTolerantBoolean } from './tolerant-boolean'

const MODERATING_ROLES = new Set(['moderator', 'admin', 'owner'])
// Issue 8: the audit log and the roles screen are for admins; the spec's "owner" is one too.
const ADMINISTERING_ROLES = new Set(['admin', 'owner'])

function namesRole(value: unknown, wanted: Set<string>): boolean {
  const names = Array.isArray(value)
    ? value
    : typeof value === 'string'
      ? value.split(/[\s,]+/)
      : []
  return names.some((name) => typeof name === 'string' && wanted.has(name.toLowerCase()))
}

type RoleSignals = {
  is_moderator?: unknown
  roles?: unknown
  role?: unknown
  permissions?: unknown
}

function holdsRole(profile: RoleSignals, wanted: Set<string>): boolean {
  return (
    namesRole(profile.roles, wanted) ||
    namesRole(profile.role, wanted) ||
    namesRole(profile.permissions, wanted)
  )
}

// Spec 000 §3: a moderator is flagged, or holds moderator, admin or owner in roles, role or
// permissions (each may be a list or a single string).
export function isModerator(profile: RoleSignals): boolean {
  return toTolerantBoolean(profile.is_moderator) || holdsRole(profile, MODERATING_ROLES)
}

/** Admin or owner in roles, role or permissions (the is_moderator flag alone is not enough). */
export function isAdmin(profile: RoleSignals): boolean {
  return holdsRole(profile, ADMINISTERING_ROLES)
}
