import { pgTable, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { uuidv7 } from 'uuidv7'

// DESIGN §5: proof-of-work challenges handed out by GET /auth/captcha, kept server-side so a
// solution is accepted once (the row is deleted when spent) and only before it expires.
export const captchaChallengesTable = pgTable('captcha_challenges', {
  id: uuid('id')
    .primaryKey()
    .$defaultFn(() => uuidv7()),
  salt: text('salt').notNull(),
  difficulty: smallint('difficulty').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
})
