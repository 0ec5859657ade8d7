import { defineConfig } from 'drizzle-kit'

// `npm run db:generate` diffs every capability's `*.table.ts` against the last snapshot and writes
// a new SQL migration; no database connection is needed (docs/database.md). It reads the table
// files by glob, so server/db/ imports no capability and a new table needs no list to join.
export default defineConfig({
  dialect: 'postgresql',
  schema: './server/**/*.table.ts',
  out: './server/db/migrations',
  casing: 'snake_case',
})
