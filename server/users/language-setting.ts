import { eq } from 'drizzle-orm'
import type { LanguageSetting } from '@contract/language-setting'
import type { Database } from '../db/client'
import { usersTable } from './users.table'

/** Issue 42: the member's language for the app, their mail and pushes; null follows the browser. */
export async function saveLanguage(
  db: Database,
  { userId, language, now }: { userId: string; language: LanguageSetting; now: Date },
): Promise<void> {
  await db.update(usersTable).set({ language, updatedAt: now }).where(eq(usersTable.id, userId))
}
