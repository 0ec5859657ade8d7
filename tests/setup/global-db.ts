import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { drizzle } from 'drizzle-orm/pglite'
import pg from 'pg'
import type { TestProject } from 'vitest/node'
import { createDatabase } from '../../server/db/client'
import { migrateWithPglite } from '../../server/db/migrate'
import { pgliteExtensions } from '../../server/db/pglite-extensions'
import type { TestDatabaseTemplate } from '../helpers/test-db'

// Migrating takes seconds; cloning a migrated template takes a fraction. So the schema is built
// ONCE per run here, and each test file clones it (tests/helpers/test-db.ts).

declare module 'vitest' {
  export interface ProvidedContext {
    testDatabase: TestDatabaseTemplate
  }
}

async function pgliteTemplate(): Promise<{ template: TestDatabaseTemplate; teardown: () => void }> {
  const client = await PGlite.create({ extensions: pgliteExtensions })
  await migrateWithPglite(drizzle({ client }))
  const dump = await client.dumpDataDir('none')
  await client.close()
  const dir = join(process.cwd(), '.tmp', 'test-db')
  mkdirSync(dir, { recursive: true })
  const file = join(dir, `template-${process.pid}.tar`)
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()))
  return { template: { driver: 'pglite', file }, teardown: () => rmSync(file, { force: true }) }
}

async function postgresTemplate(adminUrl: string) {
  const name = `test_tpl_${process.pid}_${Date.now()}`
  const admin = new pg.Client({ connectionString: adminUrl })
  await admin.connect()
  await admin.query(`create database "${name}"`)
  await admin.end()
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  const database = await createDatabase({ databaseUrl: url.toString(), dataDir: '' })
  await database.migrate()
  await database.close()
  const template: TestDatabaseTemplate = { driver: 'postgres', adminUrl, template: name }
  const teardown = async () => {
    const client = new pg.Client({ connectionString: adminUrl })
    await client.connect()
    await client.query(`drop database if exists "${name}" with (force)`)
    await client.end()
  }
  return { template, teardown }
}

export default async function setup(project: TestProject) {
  const adminUrl = process.env.TEST_DATABASE_URL
  const { template, teardown } = adminUrl ? await postgresTemplate(adminUrl) : await pgliteTemplate()
  project.provide('testDatabase', template)
  return teardown
}
