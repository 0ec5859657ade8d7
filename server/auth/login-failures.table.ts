import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { uuidv7 } from 'uuidv7'

// Spec 000 §4/§9: failed passwords, counted per account and per IP over a window, decide when
// the "not a robot" check is required and when sign-in locks. In the database (not memory) so
// every server process sees the same count. `subject` is `account:<email>` or `ip:<address>`.
export const loginFailuresTable = pgTable(
  'login_failures',
  {
    id: uuid('id')
      .primaryKey()
      .$defaultFn(() => uuidv7()),
    subject: text('subject').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('login_failures_subject_idx').on(table.subject, table.createdAt)],
)
