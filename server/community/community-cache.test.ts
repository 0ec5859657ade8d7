import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Community } from '@contract/community'
import { createTestApp, type TestApp } from '../../tests/helpers/test-app'
import { poolOfAnotherProcess } from '../../tests/helpers/test-db'
import { call } from '../../tests/helpers/call'
import { createUser, signIn } from '../../tests/helpers/users'
import type { DatabaseHandle } from '../db/client'
import { communitySettingsTable } from './community.table'

// Issue 38: two server processes on one database (on PostgreSQL, B has its own pool, as another
// process would), each keeping the settings in memory. A page never reads them from the
// database, and an admin's change on one is served by the other within a second.
let a: TestApp
let b: TestApp
let otherPool: DatabaseHandle
let admin: string

const env: Record<string, string> = process.env.TEST_REDIS_URL
  ? { REDIS_URL: process.env.TEST_REDIS_URL }
  : {}

beforeAll(async () => {
  a = await createTestApp({ env })
  otherPool = await poolOfAnotherProcess(a.database)
  b = await createTestApp({ env, database: otherPool })
  admin = await signIn(a.app, await createUser(a.db, { roles: ['member', 'admin'] }))
})
afterAll(async () => {
  await b.close()
  if (otherPool !== a.database) await otherPool.close()
  await a.close()
})

const nameOn = async (t: TestApp) =>
  ((await call(t.app, undefined, 'GET', '/api/v1/community')).json() as Community).name

describe('the community settings cache', () => {
  it('serves the settings from memory: a write no process was told of is not read', async () => {
    for (const t of [a, b]) expect(await nameOn(t)).toBe('Prayer Community')
    await a.db
      .insert(communitySettingsTable)
      .values({ id: 1, settings: { name: 'Behind the cache' }, updatedAt: new Date() })
    for (const t of [a, b]) expect(await nameOn(t)).toBe('Prayer Community')
  })

  it('serves an admin’s change on every process within a second', async () => {
    const saved = await call(a.app, admin, 'PUT', '/api/v1/admin/community', {
      name: 'St Mary’s Parish',
    })
    expect(saved.statusCode, saved.body).toBe(200)
    // The process that wrote hears its own change before the write answers.
    expect(await nameOn(a)).toBe('St Mary’s Parish')
    await expect.poll(() => nameOn(b), { timeout: 1_000, interval: 20 }).toBe('St Mary’s Parish')
  })
})
