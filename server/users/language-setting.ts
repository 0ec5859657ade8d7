import { eq } from 'drizzle-orm'
import type { LanguageSetting } from '@contract/language-setting'
import { isLanguage, type Language } from '@contract/languages'
import type { FastifyInstance } from 'fastify'
import { anyOf } from '../db/any-of'
import type { Database } from '../db/client'
import { communityLanguage } from '../i18n/language'
import { usersTable } from './users.table'

/** Issue 42: the member's language for the app, their mail and pushes; null follows the browser. */
export async function saveLanguage(
  db: Database,
  { userId, language, now }: { userId: string; language: LanguageSetting; now: Date },
): Promise<void> {
  await db.update(usersTable).set({ language, updatedAt: now }).where(eq(usersTable.id, userId))
}

/** The languages these members chose; one who chose none is absent. */
async function savedLanguages(
  db: Database,
  userIds: readonly string[],
): Promise<Map<string, Language>> {
  if (userIds.length === 0) return new Map()
  const rows = await db
    .select({ id: usersTable.id, language: usersTable.language })
    .from(usersTable)
    .where(anyOf(usersTable.id, new Set(userIds)))
  return new Map(
    rows.flatMap(({ id, language }) => (isLanguage(language) ? [[id, language] as const] : [])),
  )
}

/** What a member chose, if anything (server/i18n/language.ts's requestLanguage). */
export async function savedLanguage(db: Database, userId: string): Promise<Language | undefined> {
  return (await savedLanguages(db, [userId])).get(userId)
}

/** Each member's language for a batch of pushes: their choice, else the community's. */
export async function memberLanguages(
  app: FastifyInstance,
  userIds: readonly string[],
): Promise<(userId: string) => Language> {
  const saved = await savedLanguages(app.deps.db, userIds)
  const fallback = await communityLanguage(app)
  return (userId) => saved.get(userId) ?? fallback
}
