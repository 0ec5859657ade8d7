import { HubConnectionState } from '@microsoft/signalr'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { HUB_PATH } from '@contract/hub'
import { createTestDatabase } from '../../tests/helpers/test-db'
import type { DatabaseHandle } from '../db/client'
import { person, type Person } from '../../tests/helpers/moderation-api'
import { approve, pendingPerson } from '../../tests/helpers/pending-members-api'
import { createInProcessBackplane } from '../realtime/backplane'
import { connectAs, startLiveApp, type LiveApp } from '../../tests/helpers/live-app'

// Issue 38: a member waiting for approval has no hub connection, by negotiation or by a
// WebSocket that skips it; once approved, the client connects.

let database: DatabaseHandle
const backplane = createInProcessBackplane()
let live: LiveApp
let moderator: Person

beforeAll(async () => {
  database = await createTestDatabase()
  live = await startLiveApp(database, backplane)
  moderator = await person(live.app, ['member', 'moderator'])
}, 60_000)
afterAll(async () => {
  await live.close()
  await backplane.close()
  await database.close()
})

/** The status the hub answers a WebSocket opened without negotiation. */
function upgradeStatus(cookie: string): Promise<number> {
  const socket = new WebSocket(`${live.url.replace('http', 'ws')}${HUB_PATH}`, {
    headers: { cookie },
  })
  return new Promise((resolve, reject) => {
    socket.on('unexpected-response', (_request, response) => resolve(response.statusCode ?? 0))
    socket.on('open', () => {
      socket.close()
      resolve(101)
    })
    socket.on('error', reject)
  })
}

describe('the hub and a member waiting for approval', () => {
  it('refuses them until a moderator approves, then connects', async () => {
    const member = await pendingPerson(live.app)
    const negotiate = await fetch(`${live.url}${HUB_PATH}/negotiate?negotiateVersion=1`, {
      method: 'POST',
      headers: { cookie: member.cookie },
    })
    expect(negotiate.status).toBe(403)
    expect(await negotiate.json()).toMatchObject({ type: 'urn:problem:membership_pending' })
    expect(await upgradeStatus(member.cookie)).toBe(403)
    await expect(connectAs(live.url, member.cookie).start()).rejects.toThrow()

    expect((await approve(live.app, moderator.cookie, member.id)).statusCode).toBe(200)
    expect(await upgradeStatus(member.cookie)).toBe(101)
    const connection = connectAs(live.url, member.cookie)
    await connection.start()
    try {
      expect(connection.state).toBe(HubConnectionState.Connected)
    } finally {
      await connection.stop()
    }
  })
})
