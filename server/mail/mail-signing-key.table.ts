import { pgTable, smallint, text } from 'drizzle-orm/pg-core'

// Issue 46: the key that signs mail's one-click unsubscribe links when MAIL_LINK_SECRET is unset.
// One row, made by the first process that needs it, so every process and restart signs alike.
export const mailSigningKeyTable = pgTable('mail_signing_key', {
  id: smallint('id').primaryKey().default(1),
  key: text('key').notNull(),
})
