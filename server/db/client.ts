import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { sql } from 'drizzle-orm'
import { drizzle as drizzleNodePostgres } from 'drizzle-orm/node-postgres'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import pg from 'pg'
import type { Config } from '../config'
import { migrateWithPglite, migrateWithPostgres } from './migrate'
import * as schema from './schema'

export type Schema = typeof schema

/** The Drizzle database every repository takes; the same type over PGlite and PostgreSQL. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>

export interface DatabaseHandle {
  db: Database
  driver: 'pglite' | 'postgres'
  /** Resolves when the database answers `select 1` (readiness). */
  ping(): Promise<void>
  /** Applies pending migrations from server/db/migrations. */
  migrate(): Promise<void>
  close(): Promise<void>
  /** PostgreSQL only: the pool's connections for /metrics (PGlite has one, in-process). */
  poolStats?(): { total: number; idle: number; waiting: number; max: number }
  /** LISTEN: `onNotify` runs for each NOTIFY on `channel`; the returned function stops it. */
  listen(channel: string, onNotify: () => void): Promise<() => Promise<void>>
}

export interface CreateDatabaseOptions {
  /** PGlite only: keep the database in memory instead of DATA_DIR/pglite (tests). */
  inMemory?: boolean
  /** PGlite only: start from a dumpDataDir() tarball (tests clone a migrated template). */
  loadDataDir?: Blob
}

/** DATABASE_URL set = PostgreSQL through `pg`; otherwise embedded PGlite (DESIGN §3). */
export async function createDatabase(
  config: Pick<Config, 'databaseUrl' | 'dataDir'>,
  options: CreateDatabaseOptions = {},
): Promise<DatabaseHandle> {
  if (config.databaseUrl) return createPostgres(config.databaseUrl)
  return createPglite(config.dataDir, options)
}

async function createPglite(dataDir: string, options: CreateDatabaseOptions): Promise<DatabaseHandle> {
  const directory = options.inMemory || options.loadDataDir ? undefined : join(dataDir, 'pglite')
  if (directory) mkdirSync(directory, { recursive: true })
  const client = await PGlite.create({
    ...(directory ? { dataDir: directory } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
  })
  const db = drizzlePglite({ client, schema, casing: 'snake_case' })
  return {
    db,
    driver: 'pglite',
    ping: async () => {
      if (client.closed) throw new Error('database is closed')
      await db.execute(sql`select 1`)
    },
    migrate: () => migrateWithPglite(db),
    close: async () => {
      if (!client.closed) await client.close()
    },
    listen: async (channel, onNotify) => {
      const stop = await client.listen(channel, onNotify)
      return async () => {
        if (!client.closed) await stop()
      }
    },
  }
}

function createPostgres(url: string): DatabaseHandle {
  // A bounded connect time so /readyz answers 503 instead of hanging when PostgreSQL is down.
  const pool = new pg.Pool({ connectionString: url, connectionTimeoutMillis: 5_000 })
  // An idle client losing its connection (database restart) must not crash the process;
  // the next query gets a fresh connection and /readyz reports the outage meanwhile.
  pool.on('error', () => {})
  const db = drizzleNodePostgres({ client: pool, schema, casing: 'snake_case' })
  let closed = false
  return {
    db,
    driver: 'postgres',
    ping: async () => {
      await db.execute(sql`select 1`)
    },
    migrate: () => migrateWithPostgres(pool),
    poolStats: () => ({
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
      max: pool.options.max,
    }),
    close: async () => {
      if (closed) return
      closed = true
      await pool.end()
    },
    listen: (channel, onNotify) => listenOnPostgres(url, channel, onNotify),
  }
}

/**
 * LISTEN needs a connection of its own, outside the pool. If it drops, the dispatcher's short
 * poll carries on alone (docs/events.md); nothing is lost, only woken later.
 */
async function listenOnPostgres(url: string, channel: string, onNotify: () => void) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 })
  client.on('error', () => {})
  client.on('notification', (message) => {
    if (message.channel === channel) onNotify()
  })
  await client.connect()
  await client.query(`listen ${pg.escapeIdentifier(channel)}`)
  return async () => {
    await client.end().catch(() => {})
  }
}
