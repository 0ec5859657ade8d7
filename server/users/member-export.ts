import { eq } from 'drizzle-orm'
import type { Database } from '../db/client'
import { usersTable } from './users.table'

// Issue 40 "Download my data": each capability says what of a member's data it holds, in its
// own file, reading only its own tables; server/member-data/ puts the parts in one archive.

/** One JSON file of the archive: what it holds, said in the README. */
export interface ExportFile {
  name: string
  about: string
  content: unknown
}

/** A capability's part of a member's archive: only what that member wrote or chose. */
export type MemberExporter = (db: Database, userId: string) => Promise<ExportFile[]>

/** The account and its profile (spec 000 §3): never the password's hash. */
export const exportProfile: MemberExporter = async (db, userId) => {
  const [user] = await db.select().from(usersTable).where(eq(usersTable.id, userId))
  if (!user) return []
  const { passwordHash, onboardingPrefill: _prefill, ...profile } = user
  return [
    {
      name: 'profile.json',
      about:
        'Your account: email, display name, the profile you gave at onboarding, your roles, whether you have a password, and when the account was made.',
      content: { ...profile, hasPassword: passwordHash !== null },
    },
  ]
}
