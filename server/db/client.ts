import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { sql } from 'drizzle-orm'
import { drizzle as drizzleNodePostgres } from 'drizzle-orm/node-postgres'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import pg from 'pg'
import type { Config } from '../config'
import { BusyAwarePool, type PoolBusyError } from './busy-pool'
import { nameRepeatedStatements, statementNames } from './named-statements'
import { listenStatement, ownWritesChannels } from './own-writes-listen'
import { migrateWithPglite, migrateWithPostgres } from './migrate'
import { pgliteExtensions } from './pglite-extensions'
import { failOnBackendFaults, onBackendFault } from './pglite-faults'
import { pgliteForDrizzle } from './pglite-parsers'

/**
 * The Drizzle database every repository takes; the same type over PGlite and PostgreSQL. Queries
 * name their tables (no `db.query`), so it carries no schema and server/db/ imports no capability.
 */
export type Database = PgDatabase<PgQueryResultHKT>

export interface DatabaseHandle {
  db: Database
  driver: 'pglite' | 'postgres'
  /** PGlite on disk: its data directory (a full disk's probe looks at its free space). */
  directory?: string
  /** Resolves when the database answers `select 1` (readiness). */
  ping(): Promise<void>
  /** Applies pending migrations from server/db/migrations. */
  migrate(): Promise<void>
  close(): Promise<void>
  /** PostgreSQL only: the pool's connections for /metrics (PGlite has one, in-process). */
  poolStats?(): { total: number; idle: number; waiting: number; max: number }
  /**
   * PostgreSQL only: `listener` runs each time a connect times out because every pooled
   * connection was in use (db/busy-pool.ts), whoever asked for it; returns its removal.
   */
  onPoolBusy?(listener: (error: PoolBusyError) => void): () => void
  /**
   * PGlite only: `listener` runs once if the embedded backend faults (db/pglite-faults.ts); it
   * answers no statement after that. Returns its removal.
   */
  onFault?(listener: (error: Error) => void): () => void
  /**
   * LISTEN: `onNotify` runs for each NOTIFY on `channel` with its payload; the returned function
   * stops it. `onLost` runs if the listening connection drops (PostgreSQL): notifications may
   * be missed until `onRestored` runs, once a new connection listens (tried every second).
   */
  listen(
    channel: string,
    onNotify: (payload: string) => void,
    options?: ListenOptions,
  ): Promise<() => Promise<void>>
}

export interface ListenOptions {
  onLost?: () => void
  onRestored?: () => void
  /**
   * This process's own NOTIFYs run `onNotify` before the write that sent them resolves, so a
   * request after the write never sees what the write changed as it was. PGlite does this
   * anyway; on PostgreSQL every pooled connection listens too (a session gets its own
   * notification before its COMMIT is answered).
   */
  ownWritesFirst?: boolean
}

export interface CreateDatabaseOptions {
  /** PGlite only: keep the database in memory instead of DATA_DIR/pglite (tests). */
  inMemory?: boolean
  /** PGlite only: start from a dumpDataDir() tarball (bench:feed's migrated template). */
  loadDataDir?: Blob
  /** PostgreSQL only: the pool's size and connect timeout (tests saturate a pool of one). */
  pool?: { max?: number; connectionTimeoutMillis?: number }
}

/** DATABASE_URL set = PostgreSQL through `pg`; otherwise embedded PGlite (DESIGN §3). */
export async function createDatabase(
  config: Pick<Config, 'databaseUrl' | 'dataDir'>,
  options: CreateDatabaseOptions = {},
): Promise<DatabaseHandle> {
  if (config.databaseUrl) return createPostgres(config.databaseUrl, options.pool)
  return createPglite(config.dataDir, options)
}

async function createPglite(
  dataDir: string,
  options: CreateDatabaseOptions,
): Promise<DatabaseHandle> {
  const directory = options.inMemory || options.loadDataDir ? undefined : join(dataDir, 'pglite')
  if (directory) mkdirSync(directory, { recursive: true })
  const client = await PGlite.create({
    extensions: pgliteExtensions,
    ...(directory ? { dataDir: directory } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
  })
  return { ...pgliteHandle(client), ...(directory ? { directory } : {}) }
}

/** The handle over an open PGlite (tests lend one client to file after file: tests/helpers). */
export function pgliteHandle(client: PGlite): DatabaseHandle {
  // A backend fault PGlite would drop fails every statement after it (pglite-faults.ts).
  failOnBackendFaults(client)
  const db = drizzlePglite({ client: pgliteForDrizzle(client), casing: 'snake_case' })
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
    onFault: (listener) => onBackendFault(client, listener),
    listen: async (channel, onNotify) => {
      const stop = await client.listen(channel, (payload) => onNotify(payload))
      return async () => {
        if (!client.closed) await stop()
      }
    },
  }
}

const POOL_END_MS = 3_000

function createPostgres(url: string, sizing: CreateDatabaseOptions['pool'] = {}): DatabaseHandle {
  const ownWrites = ownWritesChannels()
  const names = statementNames()
  // A bounded connect time so /readyz answers 503 instead of hanging when PostgreSQL is down.
  const pool = new BusyAwarePool({
    connectionString: url,
    connectionTimeoutMillis: 5_000,
    ...sizing,
    onConnect: (client) => {
      // A connection that drops while checked out (inside a transaction, between its
      // statements) emits 'error' with no pool listener on it: that would crash the process
      // on a PostgreSQL restart. Its statement fails instead, and the pool drops it on release.
      client.on('error', () => {})
      nameRepeatedStatements(client, names)
      return ownWrites.opened(client)
    },
    beforeHandOut: (client) => ownWrites.beforeHandOut(client),
  })
  // An idle client losing its connection (database restart) must not crash the process;
  // the next query gets a fresh connection and /readyz reports the outage meanwhile.
  pool.on('error', () => {})
  const db = drizzleNodePostgres({ client: pool, casing: 'snake_case' })
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
    onPoolBusy: (listener) => {
      pool.busy.add(listener)
      return () => void pool.busy.delete(listener)
    },
    close: async () => {
      if (closed) return
      closed = true
      // Bounded: after a PostgreSQL restart a connection cut while it was being set up can stay
      // counted as checked out, and pool.end() would wait for it forever (issue 44: seen in
      // tests/ops/database-outage.test.ts under load); a stopping process must not.
      const ended = pool.end()
      const timer = new Promise((resolve) => setTimeout(resolve, POOL_END_MS).unref())
      await Promise.race([ended, timer])
    },
    listen: async (channel, onNotify, options = {}) => {
      if (options.ownWritesFirst) ownWrites.add(channel, onNotify)
      return listenOnPostgres(url, channel, onNotify, options)
    },
  }
}

/**
 * LISTEN needs a connection of its own, outside the pool. If it drops (a PostgreSQL restart),
 * `onLost` runs and a new one is tried every `retryMs` until it listens, then `onRestored`
 * (issue 44). Meanwhile the dispatcher's short poll carries on alone (docs/events.md): nothing
 * is lost, only woken later; the caches read the database (listen-to-keep-cache.ts).
 */
export async function listenOnPostgres(
  url: string,
  channel: string,
  onNotify: (payload: string) => void,
  { onLost = () => {}, onRestored = () => {} }: Pick<ListenOptions, 'onLost' | 'onRestored'> = {},
  retryMs = 1_000,
) {
  let stopped = false
  let client: pg.Client | null = null
  let retry: NodeJS.Timeout | null = null

  async function connect() {
    const next = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 })
    next.on('error', () => {})
    next.on('notification', (message) => {
      if (message.channel === channel) onNotify(message.payload ?? '')
    })
    try {
      await next.connect()
      await next.query(listenStatement(channel))
    } catch (error) {
      await next.end().catch(() => {})
      throw error
    }
    next.on('end', () => {
      if (stopped || client !== next) return
      client = null
      onLost()
      reconnectSoon()
    })
    client = next
  }

  function reconnectSoon() {
    retry = setTimeout(() => {
      retry = null
      if (stopped) return
      connect().then(
        () => (stopped ? void client?.end().catch(() => {}) : onRestored()),
        () => reconnectSoon(),
      )
    }, retryMs)
    retry.unref()
  }

  await connect()
  return async () => {
    stopped = true
    if (retry) clearTimeout(retry)
    await client?.end().catch(() => {})
  }
}
