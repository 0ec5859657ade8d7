import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import pg from 'pg'
import { inject } from 'vitest'
import { createDatabase, type DatabaseHandle } from '../../server/db/client'
import { lendPglite } from './pglite-lending'

/** What tests/setup/global-db.ts hands to every test worker. */
export type TestDatabaseTemplate =
  { driver: 'pglite'; file: string } | { driver: 'postgres'; adminUrl: string; template: string }

async function withAdmin(adminUrl: string, statement: string) {
  const client = new pg.Client({ connectionString: adminUrl })
  await client.connect()
  try {
    await client.query(statement)
  } finally {
    await client.end()
  }
}

/**
 * A fresh, migrated database for one test FILE (call it in beforeAll): an empty PGlite lent by
 * the worker (pglite-lending.ts), or on PostgreSQL a `CREATE DATABASE … TEMPLATE` clone
 * dropped on close.
 */
export async function createTestDatabase(): Promise<DatabaseHandle> {
  const template = inject('testDatabase')
  if (template.driver === 'pglite') return lendPglite(template.file)
  const name = `test_${randomUUID().replaceAll('-', '')}`
  await withAdmin(template.adminUrl, `create database "${name}" template "${template.template}"`)
  const url = new URL(template.adminUrl)
  url.pathname = `/${name}`
  const database = await createDatabase({ databaseUrl: url.toString(), dataDir: '' })
  return {
    ...database,
    close: async () => {
      await database.close()
      await withAdmin(template.adminUrl, `drop database if exists "${name}" with (force)`)
    },
  }
}

/**
 * A second server process's own connection pool on the SAME PostgreSQL database (CI's second
 * stage sets TEST_DATABASE_URL); PGlite lives inside one process, so there the handle is shared.
 */
export async function poolOfAnotherProcess(handle: DatabaseHandle): Promise<DatabaseHandle> {
  if (!process.env.TEST_DATABASE_URL || handle.driver !== 'postgres') return handle
  return createDatabase({ databaseUrl: await postgresUrlOf(handle), dataDir: '' })
}

/** The URL of the PostgreSQL database behind `handle`, on TEST_DATABASE_URL's server. */
export async function postgresUrlOf(handle: DatabaseHandle): Promise<string> {
  const adminUrl = process.env.TEST_DATABASE_URL
  if (!adminUrl || handle.driver !== 'postgres') throw new Error('not a PostgreSQL test database')
  const result = await handle.db.execute(sql`select current_database() as name`)
  const [row] = (result as unknown as { rows: { name: string }[] }).rows
  const url = new URL(adminUrl)
  url.pathname = `/${row!.name}`
  return url.toString()
}
