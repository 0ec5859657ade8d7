import { randomBytes } from 'node:crypto'
import type { Database } from '../db/client'
import { mailSigningKeyTable } from './mail-signing-key.table'

/**
 * Issue 46: the key that signs mail's links that work without signing in (one-click
 * unsubscribe): MAIL_LINK_SECRET, else one made once and kept in the database, so every process
 * and restart signs and checks alike with no operator step. Read once per process.
 */
export function mailLinkKey(db: Database, secret: string | null): () => Promise<string> {
  let key: Promise<string> | null = secret ? Promise.resolve(secret) : null
  return () => {
    key ??= (async () => {
      await db
        .insert(mailSigningKeyTable)
        .values({ id: 1, key: randomBytes(32).toString('base64url') })
        .onConflictDoNothing()
      const [row] = await db.select().from(mailSigningKeyTable)
      return row!.key
    })().catch((error: unknown) => {
      key = null
      throw error
    })
    return key
  }
}
