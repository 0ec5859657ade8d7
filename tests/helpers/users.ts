import { eq } from 'drizzle-orm'
import type { App } from '../../server/app'
import { sessionCookieName } from '../../server/auth/session-cookie'
import { createSession } from '../../server/auth/sessions'
import type { Database } from '../../server/db/client'
import { insertUser } from '../../server/users/users.repository'
import { usersTable, type UserRole } from '../../server/users/users.table'
import { withSecondFactor } from './two-step'

// Every test user shares this password; its argon2id hash (same parameters as production) is
// precomputed so creating a user costs one insert, not 20 ms of hashing.
export const TEST_PASSWORD = 'Test-password-1234'
const TEST_PASSWORD_HASH =
  '$argon2id$v=19$m=19456,t=2,p=1$vsnTni0binlkQnBhWRh4yw$a7uamYNXQfIZoC4oqL+DtNYKm2xqzCtxaCdCYa4jd1Y'

export interface TestUser {
  id: string
  email: string
  password: string
  displayName: string
}

export interface TestUserOverrides {
  email?: string
  /** Default true. */
  emailVerified?: boolean
  /** Default true: onboarding done, names set. */
  hasProfile?: boolean
  roles?: UserRole[]
  displayName?: string
}

let counter = 0

export async function createUser(
  db: Database,
  overrides: TestUserOverrides = {},
): Promise<TestUser> {
  counter += 1
  const now = new Date()
  const email =
    overrides.email ?? `member-${counter}-${Math.random().toString(36).slice(2, 8)}@example.test`
  const row = await insertUser(db, {
    email: email.toLowerCase(),
    passwordHash: TEST_PASSWORD_HASH,
    emailVerifiedAt: overrides.emailVerified === false ? null : now,
    roles: overrides.roles ?? ['member'],
    now,
  })
  const hasProfile = overrides.hasProfile !== false
  const [updated] = await db
    .update(usersTable)
    .set({
      updatedAt: now,
      ...(overrides.displayName ? { displayName: overrides.displayName } : {}),
      ...(hasProfile
        ? {
            firstName: 'Test',
            lastName: `Member ${counter}`,
            countryIso2: 'GB',
            gender: 'prefer_not_to_say',
            birthMonth: 1,
            birthDay: 1,
            profileCompletedAt: now,
          }
        : {}),
    })
    .where(eq(usersTable.id, row.id))
    .returning()
  return {
    id: row.id,
    email: row.email,
    password: TEST_PASSWORD,
    displayName: updated!.displayName,
  }
}

/**
 * A session for the user, as POST /auth/password would make (remembered); returns a `Cookie`
 * header value for `app.inject`. Inserted directly so tests stay fast and clear of rate limits.
 * A moderator or admin then proves a second factor through the calls, as they must to use their
 * rights (issue 39, tests/helpers/two-step.ts), unless `secondFactor: false` asks for a session
 * that knows only the password.
 */
export async function signIn(
  app: App,
  user: Pick<TestUser, 'id'>,
  { secondFactor = true }: { secondFactor?: boolean } = {},
): Promise<string> {
  const session = await createSession(app.deps.db, {
    userId: user.id,
    persistent: true,
    userAgent: 'test',
    now: app.deps.now(),
  })
  const cookie = `${sessionCookieName(app.deps.config)}=${session.token}`
  const [row] = await app.deps.db
    .select({ roles: usersTable.roles })
    .from(usersTable)
    .where(eq(usersTable.id, user.id))
  const staff = row?.roles.some((role) => role === 'moderator' || role === 'admin') ?? false
  return staff && secondFactor ? withSecondFactor(app, user.id, cookie) : cookie
}

/**
 * A persistent session for `userId`, inserted directly, and its cookie as a server in
 * development or test names it: for a server in another process (the stack, a killed and
 * restarted server), which a test cannot ask for its configuration.
 */
export async function sessionCookie(db: Database, userId: string, userAgent = 'test') {
  const session = await createSession(db, { userId, persistent: true, userAgent, now: new Date() })
  return { cookie: `session=${session.token}`, token: session.token }
}
