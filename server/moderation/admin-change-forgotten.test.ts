import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { CommunitySettings } from '@contract/community'
import type { CommunityIcons } from '@contract/community-logo'
import { COMMUNITY_CHANGED_CHANNEL } from '../community/community-cache'
import { redLogo, uploadLogo } from '../community/testing/logo-files'
import type { DatabaseHandle } from '../db/client'
import { call } from '../../tests/helpers/call'
import { createTestApp, type TestApp } from '../../tests/helpers/test-app'
import { createTestDatabase } from '../../tests/helpers/test-db'
import { createUser, signIn } from '../../tests/helpers/users'

// On PostgreSQL a write's NOTIFY reaches the listening connection after the write's answer, so
// the process that made an admin's change must not wait for it to forget what it kept: the
// admin's very next request reads the change. Here the community channel's NOTIFY never comes
// back at all, so only the forgetting at commit can make the next read right.
let database: DatabaseHandle
let t: TestApp
let admin: string

beforeAll(async () => {
  database = await createTestDatabase()
  const deaf: DatabaseHandle = {
    ...database,
    listen: (channel, onNotify, options) =>
      database.listen(
        channel,
        channel === COMMUNITY_CHANGED_CHANNEL ? () => {} : onNotify,
        options,
      ),
  }
  t = await createTestApp({ database: deaf })
  admin = await signIn(t.app, await createUser(t.db, { roles: ['member', 'admin'] }))
})
afterAll(async () => {
  await t.close()
  await database.close()
})

describe("an admin's change, read by the process that made it before any NOTIFY", () => {
  it("the community's settings", async () => {
    const before = (await call(t.app, undefined, 'GET', '/api/v1/community')).json()
    expect((before as CommunitySettings).name).not.toBe('Saint Brigid Parish')
    const saved = await call(t.app, admin, 'PUT', '/api/v1/admin/community', {
      name: 'Saint Brigid Parish',
    })
    expect(saved.statusCode).toBe(200)
    const after = (await call(t.app, undefined, 'GET', '/api/v1/community')).json()
    expect((after as CommunitySettings).name).toBe('Saint Brigid Parish')
  })

  it("the community's icons", async () => {
    const before = (
      await call(t.app, undefined, 'GET', '/api/v1/community/icons')
    ).json() as CommunityIcons
    const uploaded = await uploadLogo(t.app, admin, {
      bytes: await redLogo('png'),
      filename: 'logo.png',
      type: 'image/png',
    })
    expect(uploaded.statusCode).toBe(200)
    const saved = uploaded.json() as CommunityIcons
    expect(saved.icons).not.toEqual(before.icons)
    const after = (
      await call(t.app, undefined, 'GET', '/api/v1/community/icons')
    ).json() as CommunityIcons
    expect(after.icons).toEqual(saved.icons)
  })
})
