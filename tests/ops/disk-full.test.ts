import { execSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { App } from '../../server/app'
import { createDatabase, type DatabaseHandle } from '../../server/db/client'
import { commentsTable } from '../../server/comments/comments.table'
import { loggedApp, postRequest, type LogLine } from './logged-app'

// Issue 44: the embedded database's disk fills up. Writes answer 507 with a clear problem
// detail and Retry-After, reads keep working, the log says so once, writes take again once
// space is freed, and the data directory opens whole afterwards. Needs a small filesystem of
// its own (a tmpfs the test mounts): run as root, else skipped.

let mount = ''
let mounted = false
let database: DatabaseHandle
let app: App
let cookie: string
let intentionId: string
let lines: LogLine[] = []

beforeAll(async () => {
  mount = mkdtempSync(join(tmpdir(), 'disk-full-'))
  try {
    execSync(`mount -t tmpfs -o size=120m tmpfs ${mount}`, { stdio: 'ignore' })
    mounted = true
  } catch {
    return
  }
  mkdirSync(join(mount, 'data'))
  database = await createDatabase({ databaseUrl: null, dataDir: join(mount, 'data') })
  await database.migrate()
  ;({ app, lines, cookie } = await loggedApp(database, { seed: database.db, device: 'disk test' }))
}, 60_000)

afterAll(async () => {
  await app?.close()
  await database?.close()
  if (mounted) execSync(`umount ${mount}`, { stdio: 'ignore' })
  rmSync(mount, { recursive: true, force: true })
})

// Comments: a member may post 200 an hour (contract/write-limits.ts), prayer requests 30.
let written = 0
const post = () =>
  app.inject({
    method: 'POST',
    url: `/api/v1/intentions/${intentionId}/comments`,
    headers: { cookie },
    // Long enough that new table pages, which need disk, come every few comments.
    payload: { content: `Praying with you, ${(written += 1)}. ${'Peace be with you. '.repeat(8)}` },
  })

describe('a full disk under the embedded database', () => {
  it('refuses writes with 507, serves reads, logs it once, and takes writes again', async (context) => {
    if (!mounted) return context.skip()
    const created = await postRequest(app, cookie)
    expect(created.statusCode).toBe(201)
    intentionId = created.json<{ intention_id: string }>().intention_id
    expect((await post()).statusCode).toBe(201)
    const filler = join(mount, 'fill')
    const free = Number(execSync(`df -k --output=avail ${mount} | tail -1`).toString().trim())
    execSync(`fallocate -l ${free * 1024} ${filler}`)

    // A write or two may still fit in pages already allocated; then every one is refused.
    const statuses: number[] = []
    for (let attempt = 0; attempt < 150 && !statuses.includes(507); attempt += 1)
      statuses.push((await post()).statusCode)
    expect(statuses.filter((status) => status !== 201 && status !== 507)).toEqual([])
    const refused = await post()
    expect(refused.statusCode).toBe(507)
    expect(refused.headers['retry-after']).toBeDefined()
    expect(refused.json()).toMatchObject({ title: 'storage_full', status: 507 })
    expect((await app.inject({ url: '/api/v1/intentions', headers: { cookie } })).statusCode).toBe(
      200,
    )
    expect(lines.filter((line) => /^database disk is full/.test(line.msg))).toHaveLength(1)
    expect(lines.filter((line) => line.msg === 'request failed')).toEqual([])

    rmSync(filler)
    await expect.poll(async () => (await post()).statusCode, { timeout: 5_000 }).toBe(201)
    await expect
      .poll(() => lines.filter((line) => /^database disk has space again/.test(line.msg)).length)
      .toBe(1)

    // Whole after the restart: the data directory opens and every acknowledged write is there.
    const count = await database.db.$count(commentsTable)
    await app.close()
    await database.close()
    database = await createDatabase({ databaseUrl: null, dataDir: join(mount, 'data') })
    expect(await database.db.$count(commentsTable)).toBe(count)
  }, 60_000)
})
