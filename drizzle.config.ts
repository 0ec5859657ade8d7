import { defineConfig } from 'drizzle-kit'

// `npm run db:generate` diffs server/db/schema.ts against the last snapshot and writes a new SQL
// migration; no database connection is needed (docs/database.md).
export default defineConfig({
  dialect: 'postgresql',
  schema: './server/db/schema.ts',
  out: './server/db/migrations',
  casing: 'snake_case',
})
