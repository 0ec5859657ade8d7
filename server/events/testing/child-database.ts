import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createTestDatabase, postgresUrlOf } from '../../../tests/helpers/test-db'
import { createDatabase, type DatabaseHandle } from '../../db/client'

/**
 * A database for servers run as child processes (child-server.ts): PGlite in a data directory
 * the child opens, or on CI's PostgreSQL stage (TEST_DATABASE_URL) a cloned database. The test
 * writes its fixtures through `handle`, then, on PGlite, closes it while the children run (one
 * process's database) and opens `reopen()` to read what they left.
 */
export async function databaseForChildren(): Promise<{
  handle: DatabaseHandle
  env: Record<string, string>
  reopen(): Promise<DatabaseHandle>
  remove(): void
}> {
  const dataDir = mkdtempSync(join(tmpdir(), 'child-db-'))
  const remove = () => rmSync(dataDir, { recursive: true, force: true })
  if (!process.env.TEST_DATABASE_URL) {
    const handle = await createDatabase({ databaseUrl: null, dataDir })
    await handle.migrate()
    const reopen = () => createDatabase({ databaseUrl: null, dataDir })
    return { handle, env: { DATA_DIR: dataDir }, reopen, remove }
  }
  const handle = await createTestDatabase()
  const env = { DATA_DIR: dataDir, DATABASE_URL: await postgresUrlOf(handle) }
  return { handle, env, reopen: () => Promise.resolve(handle), remove }
}
