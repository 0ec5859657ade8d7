import { fileURLToPath } from 'node:url'
import { drizzle as drizzleNodePostgres } from 'drizzle-orm/node-postgres'
import { migrate as migrateNodePostgres } from 'drizzle-orm/node-postgres/migrator'
import type { PgliteDatabase } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import type pg from 'pg'

// Resolves to server/db/migrations from source (tsx, tests) and to dist/server/migrations from
// the bundle, where scripts/build-server.mjs copies them beside main.js.
const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url))

// Any number for pg_advisory_lock, fixed so every process of this app contends on the same one.
const MIGRATION_LOCK = 7_346_190_214

export async function migrateWithPglite(db: PgliteDatabase<Record<string, unknown>>) {
  await migratePglite(db, { migrationsFolder })
}

/** Several processes may start at once against one PostgreSQL: one migrates, the others wait. */
export async function migrateWithPostgres(pool: pg.Pool) {
  const client = await pool.connect()
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK])
    await migrateNodePostgres(drizzleNodePostgres({ client }), { migrationsFolder })
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {})
    client.release()
  }
}
