import { randomUUID } from 'node:crypto'
import type { HubConnection } from '@microsoft/signalr'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ANONYMOUS_AUTHOR_NAME } from '@contract/intentions'
import {
  RoomHubEvent,
  RoomHubMethod,
  type JoinRoomResult,
  type Room,
  type RoomDetail,
  type RoomIntention,
  type RoomIntentionChangedEvent,
} from '@contract/rooms'
import { createTestDatabase } from '../../tests/helpers/test-db'
import { createUser, signIn, type TestUser } from '../../tests/helpers/users'
import { insertGroup, postIntention } from '../../tests/helpers/wall'
import type { DatabaseHandle } from '../db/client'
import { connectAs, eventOf, startLiveApp, type LiveApp } from '../../tests/helpers/live-app'
import { createInProcessBackplane } from '../realtime/backplane'
import { usersTable, type UserRole } from '../users/users.table'
import { roomInput } from './testing/room-input'

// Issue 37: a room names who brought each request, but never the author who brought their own
// anonymous one: not in the call's answer, the room's list, or the hub's events of the room.
type Member = TestUser & { cookie: string }

let database: DatabaseHandle
const backplane = createInProcessBackplane()
let live: LiveApp

beforeAll(async () => {
  database = await createTestDatabase()
  live = await startLiveApp(database, backplane)
}, 60_000)
afterAll(async () => {
  await live.close()
  await backplane.close()
  await database.close()
})

const member = async (roles: UserRole[] = ['member']): Promise<Member> => {
  const user = await createUser(database.db, {
    roles,
    displayName: `Named ${randomUUID().slice(0, 8)}`,
  })
  return { ...user, cookie: await signIn(live.app, user) }
}
const call = (who: Member, method: 'GET' | 'POST', url: string, payload?: object) =>
  live.app.inject({ method, url, headers: { cookie: who.cookie }, ...(payload ? { payload } : {}) })

describe('a request its anonymous author brings into a room', () => {
  it('is never said to be brought by them, in any answer, list or hub event of the room', async () => {
    const leader = await member(['moderator'])
    const [author, bringer, other, watcher] = [
      await member(),
      await member(),
      await member(),
      await member(),
    ]
    const [row] = await database.db.select().from(usersTable).where(eq(usersTable.id, author.id))
    const secrets = [author.id, author.email, author.displayName, row!.lastName!]
    const created = await call(leader, 'POST', '/api/v1/rooms', roomInput())
    expect(created.statusCode, created.body).toBe(201)
    const roomId = created.json<Room>().room_id
    const roomUrl = `/api/v1/rooms/${roomId}`

    const anonymous = await postIntention(live.app, author.cookie, { identity_mode: 'anonymous' })
    const brought = await call(author, 'POST', `${roomUrl}/intentions`, {
      intention_id: anonymous.intention_id,
    })
    expect(brought.statusCode, brought.body).toBe(201)
    // Someone else's bringing is still named: only the author's own is not.
    const named = await postIntention(live.app, other.cookie)
    const byOther = await call(bringer, 'POST', `${roomUrl}/intentions`, {
      intention_id: named.intention_id,
    })
    expect(byOther.statusCode, byOther.body).toBe(201)
    expect(byOther.json<RoomIntention>().brought_by).toBe(bringer.displayName)

    const answers = [
      brought.body,
      (await call(watcher, 'GET', roomUrl)).body,
      (await call(author, 'GET', roomUrl)).body,
      (await call(watcher, 'GET', '/api/v1/rooms')).body,
    ]
    const detail = JSON.parse(answers[1]!) as RoomDetail
    expect(detail.intentions.map((entry) => [entry.intention_id, entry.brought_by])).toEqual([
      [anonymous.intention_id, null],
      [named.intention_id, bringer.displayName],
    ])
    expect(brought.json<RoomIntention>()).toMatchObject({
      author_display_name: ANONYMOUS_AUTHOR_NAME,
      brought_by: null,
    })

    // Live: what the watcher hears on joining and as the leader steps through the whole list.
    const open: HubConnection[] = []
    try {
      const onLeader = connectAs(live.url, leader.cookie)
      const onWatcher = connectAs(live.url, watcher.cookie)
      open.push(onLeader, onWatcher)
      await Promise.all(open.map((connection) => connection.start()))
      const heard: RoomIntentionChangedEvent[] = []
      onWatcher.on(RoomHubEvent.RoomIntentionChanged, (event: RoomIntentionChangedEvent) => {
        heard.push(event)
      })
      await onLeader.invoke(RoomHubMethod.JoinRoom, roomId, { seen: true })
      const joined: JoinRoomResult = await onWatcher.invoke(RoomHubMethod.JoinRoom, roomId)
      const stepped: RoomIntentionChangedEvent[] = []
      for (let step = 0; step < 2; step++) {
        const next = eventOf<RoomIntentionChangedEvent>(
          onWatcher,
          RoomHubEvent.RoomIntentionChanged,
        )
        stepped.push(await onLeader.invoke(RoomHubMethod.AdvanceRoom, roomId))
        await next
      }
      const shown = [joined.intention, ...[...stepped, ...heard].map((event) => event.intention)]
      const anonymousEntries = shown.filter(
        (entry) => entry?.intention_id === anonymous.intention_id,
      )
      expect(anonymousEntries.length).toBeGreaterThanOrEqual(2)
      for (const entry of anonymousEntries) expect(entry?.brought_by).toBeNull()
      answers.push(JSON.stringify([joined, stepped, heard]))
    } finally {
      await Promise.all(open.map((connection) => connection.stop()))
    }
    for (const body of answers) for (const secret of secrets) expect(body).not.toContain(secret)
  })

  it('is named by the real name when posted under it, not by the display name it would pair with it', async () => {
    const author = await member()
    const [row] = await database.db.select().from(usersTable).where(eq(usersTable.id, author.id))
    const group = await insertGroup(database.db, [author.id])
    const created = await call(author, 'POST', '/api/v1/rooms', roomInput({ group_id: group.id }))
    expect(created.statusCode, created.body).toBe(201)
    const request = await postIntention(live.app, author.cookie, {
      destination: 'private_group',
      group_id: group.id,
      identity_mode: 'real_name',
    })
    const brought = await call(
      author,
      'POST',
      `/api/v1/rooms/${created.json<Room>().room_id}/intentions`,
      {
        intention_id: request.intention_id,
      },
    )
    expect(brought.statusCode, brought.body).toBe(201)
    const realName = `${row!.firstName} ${row!.lastName}`
    expect(brought.json<RoomIntention>()).toMatchObject({
      author_display_name: realName,
      brought_by: realName,
    })
    expect(brought.body).not.toContain(author.displayName)
  })
})
