import type { CommunitySettings } from '@contract/community'
import { check, jsonb, pgTable, smallint, timestamp } from 'drizzle-orm/pg-core'
import { sql } from 'drizzle-orm'

// Issue 38: the community's settings, one row (id 1) or none (the defaults). One jsonb value
// rather than a column each: a setting added later reads its default from the contract
// (COMMUNITY_DEFAULTS) on rows saved before it, without a migration of its own.
export const communitySettingsTable = pgTable(
  'community_settings',
  {
    id: smallint('id').primaryKey().default(1),
    settings: jsonb('settings').$type<Partial<CommunitySettings>>().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (table) => [check('community_settings_one_row', sql`${table.id} = 1`)],
)
