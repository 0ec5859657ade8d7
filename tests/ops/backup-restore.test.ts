import { execFile } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, describe, expect, it } from 'vitest'
import { createDatabase } from '../../server/db/client'
import { createEmptyDatabase, killServers, startServer } from '../helpers/server-process'
import { createTestApp } from '../helpers/test-app'
import { createUser, signIn } from '../helpers/users'
import { postIntention } from '../helpers/wall'

// Issue 23: the restore drill of docs/operations.md, run by the suite so the documented commands
// stay true. PostgreSQL only (the CI stage with TEST_DATABASE_URL; skipped, and listed, on PGlite).
const adminUrl = process.env.TEST_DATABASE_URL ?? ''
const run = promisify(execFile)
const cleanups: (() => unknown)[] = []

afterAll(async () => {
  killServers()
  for (const cleanup of cleanups.reverse()) await cleanup()
})

describe.runIf(!!adminUrl)('backup and restore (PostgreSQL)', () => {
  it('restores a pg_dump into a new database that the app serves the same feed from', async () => {
    const source = await createEmptyDatabase(adminUrl, 'backup_source')
    cleanups.push(source.drop)
    const seeded = await createDatabase({ databaseUrl: source.url, dataDir: '' })
    await seeded.migrate()
    const live = await createTestApp({ database: seeded })
    cleanups.push(() => seeded.close())
    cleanups.push(() => live.close())
    const author = await createUser(live.db, { displayName: 'Quiet Harbour' })
    const cookie = await signIn(live.app, author)
    for (const title of [
      'Please pray for our village well to be repaired',
      'Please pray for my exams next week in Leeds',
      'Please pray for rain on the farms this spring',
    ])
      await postIntention(live.app, cookie, { title })
    const before = await live.app.inject({
      method: 'GET',
      url: '/api/v1/intentions',
      headers: { cookie },
    })
    expect(before.statusCode).toBe(200)
    expect(before.json().items).toHaveLength(3)

    // The documented commands: a custom-format dump, restored with no owner into a new database.
    const dir = mkdtempSync(join(tmpdir(), 'backup-'))
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }))
    const dump = join(dir, 'community.dump')
    await run('pg_dump', [
      '--format=custom',
      '--no-owner',
      `--file=${dump}`,
      `--dbname=${source.url}`,
    ])
    const target = await createEmptyDatabase(adminUrl, 'backup_restore')
    cleanups.push(target.drop)
    await run('pg_restore', ['--no-owner', '--exit-on-error', `--dbname=${target.url}`, dump])

    const server = await startServer({ DATABASE_URL: target.url, DATA_DIR: dir, APP_ENV: 'test' })
    await server.ready()
    const after = await fetch(`${server.url}/api/v1/intentions`, { headers: { cookie } })
    expect(after.status).toBe(200)
    expect(await after.json()).toEqual(before.json())
    server.child.kill('SIGTERM')
    expect(await server.exited).toBe(0)
  }, 120_000)
})
