import { and, asc, eq, ilike, isNull, or, sql } from 'drizzle-orm'
import { ErrorCode } from '@contract/errors'
import {
  GRANTABLE_ROLES,
  MODERATION_MESSAGES,
  type AdminUsersPage,
  type Roles,
  type RolesBody,
} from '@contract/moderation'
import { text } from '@contract/text'
import { z } from 'zod'
import type { Viewer } from '../auth/viewer'
import type { Database } from '../db/client'
import { recordAudit } from './audit-log'
import { decodeKeyCursor, encodeKeyCursor } from './cursor'
import { httpError } from '../errors/problem-error'
import { usersTable, type UserRole } from '../users/users.table'

// The name goes back into SQL: the text rule keeps a tampered NUL from failing there as a 500.
const UsersCursor = z.object({ name: text(), id: z.uuid() })

// LIKE wildcards typed by the admin are literal characters.
function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (char) => `\\${char}`)}%`
}

/** GET /api/v1/admin/users?search&cursor: by display name, then id; search in name and email. */
export async function listUsersForAdmin(
  db: Database,
  query: { search?: string | undefined; cursor?: string | undefined; limit: number },
): Promise<AdminUsersPage> {
  const cursor = decodeKeyCursor(query.cursor, UsersCursor)
  const u = usersTable
  const rows = await db
    .select({
      userId: u.id,
      displayName: u.displayName,
      email: u.email,
      roles: u.roles,
      suspendedUntil: u.suspendedUntil,
    })
    .from(u)
    .where(
      and(
        // Deleted accounts (issue 40) are no one's to manage any more.
        isNull(u.closedAt),
        query.search
          ? or(
              ilike(u.displayName, likePattern(query.search)),
              ilike(u.email, likePattern(query.search)),
            )
          : undefined,
        cursor
          ? sql`(${u.displayName}, ${u.id}) > (${cursor.name}, ${cursor.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(asc(u.displayName), asc(u.id))
    .limit(query.limit + 1)
  const page = rows.slice(0, query.limit)
  const last = page.at(-1)
  return {
    items: page.map((row) => ({
      ...row,
      suspendedUntil: row.suspendedUntil?.toISOString() ?? null,
    })),
    nextCursor:
      rows.length > query.limit && last
        ? encodeKeyCursor({ name: last.displayName, id: last.userId })
        : null,
  }
}

/**
 * PUT /api/v1/admin/users/:userId/roles: grants or revokes the moderator and room_leader roles,
 * each change audited. Admin stays a deployment decision (ADMIN_EMAILS, `npm run user:role`),
 * not a click.
 */
export async function setGrantableRoles(
  { db, viewer, now }: { db: Database; viewer: Viewer; now: Date },
  userId: string,
  changes: RolesBody,
): Promise<Roles> {
  if (userId === viewer.userId)
    throw httpError(403, ErrorCode.forbidden, MODERATION_MESSAGES.ownRoles)
  return db.transaction(async (tx) => {
    const [user] = await tx.select().from(usersTable).where(eq(usersTable.id, userId))
    if (!user) throw httpError(404, ErrorCode.notFound, MODERATION_MESSAGES.userNotFound)
    // Only what changes: granting a role someone has (or revoking one they lack) is no event.
    const changed = GRANTABLE_ROLES.flatMap((role) => {
      const wanted = changes[role]
      return wanted === undefined || user.roles.includes(role) === wanted
        ? []
        : [{ role, granted: wanted }]
    })
    if (changed.length === 0) return { roles: user.roles }
    let roles: UserRole[] = user.roles
    for (const { role, granted } of changed)
      roles = granted
        ? [...new Set<UserRole>(['member', ...roles, role])]
        : roles.filter((held) => held !== role)
    await tx.update(usersTable).set({ roles, updatedAt: now }).where(eq(usersTable.id, userId))
    for (const { role, granted } of changed)
      await recordAudit(tx, {
        actor: viewer,
        action: granted ? 'role_grant' : 'role_revoke',
        target: { type: 'user', id: userId },
        details: { role, displayName: user.displayName, roles },
        at: now,
      })
    return { roles }
  })
}
