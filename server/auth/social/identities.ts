import { and, eq } from 'drizzle-orm'
import type { SocialProvider } from '@contract/auth'
import type { Database } from '../../db/client'
import { socialIdentitiesTable } from './identities.table'

export async function findIdentityUserId(
  db: Database,
  provider: SocialProvider,
  providerUserId: string,
): Promise<string | null> {
  const [row] = await db
    .select({ userId: socialIdentitiesTable.userId })
    .from(socialIdentitiesTable)
    .where(
      and(
        eq(socialIdentitiesTable.provider, provider),
        eq(socialIdentitiesTable.providerUserId, providerUserId),
      ),
    )
    .limit(1)
  return row?.userId ?? null
}

/**
 * Links the identity unless it already is (a replayed link, or two tabs finishing at once);
 * answers the user it belongs to afterwards, which may be another one if it was linked there.
 */
export async function linkIdentity(
  db: Database,
  input: {
    userId: string
    provider: SocialProvider
    providerUserId: string
    email: string | null
    now: Date
  },
): Promise<string> {
  await db
    .insert(socialIdentitiesTable)
    .values({ ...input, createdAt: input.now })
    .onConflictDoNothing({
      target: [socialIdentitiesTable.provider, socialIdentitiesTable.providerUserId],
    })
  return (await findIdentityUserId(db, input.provider, input.providerUserId)) ?? input.userId
}

/** The providers a user signs in with; POST /auth/identifier lists them (spec 000 §3). */
export async function listUserProviders(db: Database, userId: string): Promise<SocialProvider[]> {
  const rows = await db
    .selectDistinct({ provider: socialIdentitiesTable.provider })
    .from(socialIdentitiesTable)
    .where(eq(socialIdentitiesTable.userId, userId))
  return rows.map((row) => row.provider).sort()
}
