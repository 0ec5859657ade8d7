import { asc, count, eq } from 'drizzle-orm'
import type { SocialProvider } from '@contract/auth'
import type { Database } from '../db/client'
import { findUserById } from '../users/users.repository'
import { passkeysTable } from './passkeys/passkeys.table'
import { socialIdentitiesTable } from './social/identities.table'

/** Every way the member signs in: the rule for the last one reads all three. */
export async function signInMethods(db: Database, userId: string) {
  const user = await findUserById(db, userId)
  const identities = await db
    .select({
      provider: socialIdentitiesTable.provider,
      createdAt: socialIdentitiesTable.createdAt,
    })
    .from(socialIdentitiesTable)
    .where(eq(socialIdentitiesTable.userId, userId))
    .orderBy(asc(socialIdentitiesTable.createdAt))
  const [passkeys] = await db
    .select({ n: count() })
    .from(passkeysTable)
    .where(eq(passkeysTable.userId, userId))
  return { hasPassword: Boolean(user?.passwordHash), identities, passkeys: passkeys?.n ?? 0 }
}

export type SignInMethods = Awaited<ReturnType<typeof signInMethods>>

/**
 * Issue 39: the last way to sign in can never be removed. Whether the account keeps one without
 * a provider's identities, or without one of its passkeys.
 */
export function keepsAnotherWay(
  methods: SignInMethods,
  without: { provider: SocialProvider } | { passkey: true },
): boolean {
  if (methods.hasPassword) return true
  if ('passkey' in without) return methods.passkeys > 1 || methods.identities.length > 0
  return (
    methods.passkeys > 0 ||
    methods.identities.some((identity) => identity.provider !== without.provider)
  )
}
