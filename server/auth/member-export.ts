import { eq } from 'drizzle-orm'
import type { MemberExporter } from '../users/member-export'
import { sessionsTable } from './sessions.table'
import { socialIdentitiesTable } from './social/identities.table'

/** Issue 40: the member's signed-in sessions and linked sign-ins, never a token or its hash. */
export const exportSignIns: MemberExporter = async (db, userId) => {
  const [sessions, identities] = await Promise.all([
    db.select().from(sessionsTable).where(eq(sessionsTable.userId, userId)),
    db.select().from(socialIdentitiesTable).where(eq(socialIdentitiesTable.userId, userId)),
  ])
  return [
    {
      name: 'sessions.json',
      about:
        'The browsers and devices signed in to your account: when each signed in, was last used and expires, and the browser it named itself as.',
      content: sessions.map(({ tokenHash: _secret, ...session }) => session),
    },
    {
      name: 'linked-sign-ins.json',
      about: 'The Google or Facebook accounts you sign in with, and the address each gave us.',
      content: identities.map(({ provider, email, createdAt }) => ({ provider, email, createdAt })),
    },
  ]
}
