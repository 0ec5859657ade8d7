import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { eq } from 'drizzle-orm'
import { afterAll, describe, expect, it } from 'vitest'
import { createUser, sessionCookie } from '../../tests/helpers/users'
import { createTestDatabase, postgresUrlOf } from '../../tests/helpers/test-db'
import { intentionInput } from '../../tests/helpers/wall'
import { createDatabase, type DatabaseHandle } from '../db/client'
import { notificationsTable } from '../notifications/notifications.table'
import { eventDeliveriesTable } from './events.table'
import { freePort, startServer, type ChildServer } from './testing/child-server'

// Issue 16: a crash between the write's commit and its delivery loses nothing and repeats
// nothing. The first process acknowledges a prayer and dies by SIGKILL before handing the
// event to anyone (EVENT_DISPATCH=off holds it in exactly that window); a fresh process
// delivers it: the author has exactly one notification.

const children: ChildServer[] = []
const dirs: string[] = []
afterAll(() => {
  for (const { child } of children) if (child.exitCode === null) child.kill('SIGKILL')
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
})

/** PGlite in a data directory the child opens; on CI's PostgreSQL stage, a cloned database. */
async function databaseForChildren(): Promise<{
  handle: DatabaseHandle
  env: Record<string, string>
}> {
  const dataDir = mkdtempSync(join(tmpdir(), 'events-crash-'))
  dirs.push(dataDir)
  if (!process.env.TEST_DATABASE_URL) {
    const handle = await createDatabase({ databaseUrl: null, dataDir })
    await handle.migrate()
    return { handle, env: { DATA_DIR: dataDir } }
  }
  const handle = await createTestDatabase()
  return { handle, env: { DATA_DIR: dataDir, DATABASE_URL: await postgresUrlOf(handle) } }
}

describe('a server killed right after acknowledging a write', () => {
  it('delivers its notification exactly once after a restart', async () => {
    const { handle, env } = await databaseForChildren()
    const author = await createUser(handle.db)
    const friend = await createUser(handle.db)
    const { cookie: authorCookie } = await sessionCookie(handle.db, author.id)
    const { cookie: friendCookie } = await sessionCookie(handle.db, friend.id)
    // PGlite is one process's database: the test lets go of it while the servers run.
    if (handle.driver === 'pglite') await handle.close()

    const port = await freePort()
    // The operator's view of the dispatcher (GET /metrics): how long the oldest waiting event
    // has waited, 0 when none does.
    const metricsEnv = { ...env, METRICS_TOKEN: 'crash-test-metrics-token' }
    const backlog = async (url: string) => {
      const text = await (
        await fetch(`${url}/metrics`, {
          headers: { authorization: `Bearer ${metricsEnv.METRICS_TOKEN}` },
        })
      ).text()
      return Number(/^event_dispatch_backlog_seconds (\S+)$/m.exec(text)?.[1] ?? Number.NaN)
    }
    const first = startServer(port, { ...metricsEnv, EVENT_DISPATCH: 'off' })
    children.push(first)
    await first.ready
    const post = (path: string, cookie: string, body?: object) =>
      fetch(`${first.url}${path}`, {
        method: 'POST',
        headers: { cookie, ...(body ? { 'content-type': 'application/json' } : {}) },
        ...(body ? { body: JSON.stringify(body) } : {}),
      })
    const created = await post('/api/v1/intentions', authorCookie, intentionInput())
    expect(created.status, await created.clone().text()).toBe(201)
    const { intention_id: id } = (await created.json()) as { intention_id: string }
    const prayed = await post(`/api/v1/intentions/${id}/pray`, friendCookie)
    expect(prayed.status).toBe(200)
    // Held in the crash window: the prayer's event waits, and the metric says so.
    await expect.poll(() => backlog(first.url)).toBeGreaterThan(0)
    first.child.kill('SIGKILL')
    await first.exited

    const second = startServer(port, metricsEnv)
    children.push(second)
    await second.ready
    const prayerNotifications = async () => {
      const response = await fetch(`${second.url}/api/notifications`, {
        headers: { cookie: authorCookie },
      })
      const list = (await response.json()) as { items: { type: string }[] }
      return list.items.filter((item) => item.type === 'PrayerReaction').length
    }
    await expect.poll(prayerNotifications, { timeout: 20_000, interval: 100 }).toBe(1)
    // Every subscriber, not only the notifications', has had its turn before the stop: a stop
    // leaves unstarted deliveries to the next process by design (events.plugin.ts).
    await expect.poll(() => backlog(second.url), { timeout: 20_000, interval: 100 }).toBe(0)
    second.child.kill('SIGTERM')
    expect(await second.exited).toBe(0)

    // Every delivery is done, and the prayer raised one row: nothing left to repeat.
    const after =
      handle.driver === 'pglite'
        ? await createDatabase({ databaseUrl: null, dataDir: env.DATA_DIR! })
        : handle
    try {
      const rows = await after.db
        .select({ type: notificationsTable.type })
        .from(notificationsTable)
        .where(eq(notificationsTable.userId, author.id))
      expect(rows).toEqual([{ type: 'PrayerReaction' }])
      const deliveries = await after.db.select().from(eventDeliveriesTable)
      expect(deliveries.length).toBeGreaterThan(0)
      expect(deliveries.filter((delivery) => delivery.doneAt === null)).toEqual([])
    } finally {
      await after.close()
    }
  }, 120_000)
})
