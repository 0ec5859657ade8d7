import { randomUUID } from 'node:crypto'
import type { HubConnection } from '@microsoft/signalr'
import { eq } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import {
  ROOM_MESSAGES,
  RoomHubEvent,
  RoomHubMethod,
  type JoinRoomResult,
  type Room,
  type RoomAmenEvent,
  type RoomIntentionChangedEvent,
  type RoomPresenceUpdateEvent,
} from '@contract/rooms'
import { createTestDatabase } from '../../tests/helpers/test-db'
import { createUser, signIn, type TestUser } from '../../tests/helpers/users'
import { insertGroup, postIntention } from '../../tests/helpers/wall'
import type { DatabaseHandle } from '../db/client'
import { intentionsTable } from '../intentions/intentions.table'
import { prayersTable } from '../intentions/reactions.table'
import { connectAs, eventOf, startLiveApp, type LiveApp } from '../../tests/helpers/live-app'
import { createInProcessBackplane, type Backplane } from '../realtime/backplane'
import { createRedisBackplane } from '../realtime/redis-backplane'
import type { UserRole } from '../users/users.table'

// Issue 21: the live room through the real SignalR client, members spread over two app
// processes sharing one database and one backplane (in-process here; Redis when CI gives one).

type Member = TestUser & { cookie: string }

function roomsContract(makeBackplanes: () => [Backplane, Backplane]) {
  let database: DatabaseHandle
  let backplanes: Backplane[]
  let a: LiveApp
  let b: LiveApp
  const open: HubConnection[] = []

  beforeAll(async () => {
    database = await createTestDatabase()
    backplanes = makeBackplanes()
    a = await startLiveApp(database, backplanes[0]!)
    b = await startLiveApp(database, backplanes[1]!)
  }, 60_000)
  afterEach(async () => {
    await Promise.all(open.splice(0).map((connection) => connection.stop()))
  })
  afterAll(async () => {
    await a.close()
    await b.close()
    for (const backplane of new Set(backplanes)) await backplane.close()
    await database.close()
  })

  const member = async (roles: UserRole[] = ['member'], displayName?: string): Promise<Member> => {
    const user = await createUser(database.db, { roles, displayName })
    return { ...user, cookie: await signIn(a.app, user) }
  }
  const connect = async (who: Member, app: LiveApp) => {
    const connection = connectAs(app.url, who.cookie)
    open.push(connection)
    await connection.start()
    return connection
  }
  const call = (who: Member, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
    a.app.inject({ method, url, headers: { cookie: who.cookie }, ...(payload ? { payload } : {}) })
  const createRoom = async (who: Member, extra: object = {}): Promise<Room> => {
    const response = await call(who, 'POST', '/api/v1/rooms', {
      name: 'Compline together',
      description: null,
      group_id: null,
      starts_at: new Date(Date.now() - 60_000).toISOString(),
      duration_minutes: 60,
      repeat: null,
      ...extra,
    })
    expect(response.statusCode, response.body).toBe(201)
    return response.json()
  }
  const bring = async (who: Member, roomId: string) => {
    const intention = await postIntention(a.app, who.cookie)
    const response = await call(who, 'POST', `/api/v1/rooms/${roomId}/intentions`, {
      intention_id: intention.intention_id,
    })
    expect(response.statusCode, response.body).toBe(201)
    return intention.intention_id
  }
  const presence = (connection: HubConnection, roomId: string, count: number) =>
    eventOf<RoomPresenceUpdateEvent>(
      connection,
      RoomHubEvent.RoomPresenceUpdate,
      (event) => event.roomId === roomId && event.count === count,
    )

  it('members on both processes see each other arrive and leave; names only of those seen', async () => {
    const leader = await member(['moderator'], `Leader ${randomUUID().slice(0, 8)}`)
    const [anna, ben, cleo] = [
      await member(['member'], `Anna ${randomUUID().slice(0, 8)}`),
      await member(['member'], `Ben ${randomUUID().slice(0, 8)}`),
      await member(),
    ]
    const room = await createRoom(leader)
    const onA = await connect(anna, a)
    const joined: JoinRoomResult = await onA.invoke(RoomHubMethod.JoinRoom, room.room_id, {
      seen: true,
    })
    expect(joined).toEqual({
      roomId: room.room_id,
      count: 1,
      names: [anna.displayName],
      intention: null,
    })

    const onB = await connect(ben, b)
    const two = presence(onA, room.room_id, 2)
    await onB.invoke(RoomHubMethod.JoinRoom, room.room_id, { seen: true })
    expect((await two).names).toEqual([anna.displayName, ben.displayName])

    // Cleo did not choose to be seen: counted, not named.
    const onC = await connect(cleo, a)
    const three = presence(onB, room.room_id, 3)
    await onC.invoke(RoomHubMethod.JoinRoom, room.room_id)
    expect((await three).names).toEqual([anna.displayName, ben.displayName])
    const listed = await call(leader, 'GET', `/api/v1/rooms/${room.room_id}`)
    expect(listed.json()).toMatchObject({ presence_count: 3 })

    const left = presence(onA, room.room_id, 2)
    await onB.invoke(RoomHubMethod.LeaveRoom, room.room_id)
    expect((await left).names).toEqual([anna.displayName])
    const closed = presence(onA, room.room_id, 1)
    await onC.stop()
    await closed
  })

  it('a quiet room shows the count and no names', async () => {
    const leader = await member(['moderator'])
    const room = await createRoom(leader, { quiet: true })
    const onA = await connect(await member(), a)
    await onA.invoke(RoomHubMethod.JoinRoom, room.room_id, { seen: true })
    const two = presence(onA, room.room_id, 2)
    await (
      await connect(await member(), b)
    ).invoke(RoomHubMethod.JoinRoom, room.room_id, {
      seen: true,
    })
    expect((await two).names).toEqual([])
  })

  it('an Amen pulses for everyone and records one prayer, once', async () => {
    const leader = await member(['moderator'])
    const room = await createRoom(leader)
    const intentionId = await bring(leader, room.room_id)
    const [anna, ben] = [await member(), await member()]
    const onA = await connect(anna, a)
    const onB = await connect(ben, b)
    const joined: JoinRoomResult = await onA.invoke(RoomHubMethod.JoinRoom, room.room_id)
    expect(joined.intention?.intention_id).toBe(intentionId)
    await onB.invoke(RoomHubMethod.JoinRoom, room.room_id)

    const pulse = eventOf<RoomAmenEvent>(
      onA,
      RoomHubEvent.RoomAmen,
      (e) => e.roomId === room.room_id,
    )
    const answer: RoomAmenEvent = await onB.invoke(
      RoomHubMethod.RoomAmen,
      room.room_id,
      intentionId,
    )
    expect(answer).toEqual({ roomId: room.room_id, intentionId, count: 1 })
    expect(await pulse).toEqual(answer)
    // A second Amen from Ben changes nothing.
    expect(await onB.invoke(RoomHubMethod.RoomAmen, room.room_id, intentionId)).toEqual(answer)

    const prayers = await database.db
      .select()
      .from(prayersTable)
      .where(eq(prayersTable.intentionId, intentionId))
    expect(prayers.map((prayer) => prayer.userId)).toEqual([ben.id])
    const [counted] = await database.db
      .select({ prayed: intentionsTable.prayedCount })
      .from(intentionsTable)
      .where(eq(intentionsTable.id, intentionId))
    expect(counted?.prayed).toBe(1)
  })

  it('the leader advances the list for everyone; others may not', async () => {
    const leader = await member(['moderator'])
    const room = await createRoom(leader)
    const first = await bring(leader, room.room_id)
    const second = await bring(leader, room.room_id)
    const onLeader = await connect(leader, a)
    const onOther = await connect(await member(), b)
    await onLeader.invoke(RoomHubMethod.JoinRoom, room.room_id)
    const joined: JoinRoomResult = await onOther.invoke(RoomHubMethod.JoinRoom, room.room_id)
    // The list may have stepped on by the clock already (once a minute): the next is the other.
    const shown = joined.intention?.intention_id
    expect([first, second]).toContain(shown)
    const next = shown === first ? second : first

    await expect(onOther.invoke(RoomHubMethod.AdvanceRoom, room.room_id)).rejects.toThrow(
      'Only the room’s leader can move the list on.',
    )
    const changed = eventOf<RoomIntentionChangedEvent>(onOther, RoomHubEvent.RoomIntentionChanged)
    await onLeader.invoke(RoomHubMethod.AdvanceRoom, room.room_id)
    expect((await changed).intention?.intention_id).toBe(next)
    const detail = await call(leader, 'GET', `/api/v1/rooms/${room.room_id}`)
    expect(detail.json().current_intention_id).toBe(next)
  })

  it('a removed member leaves and cannot rejoin the session; closing sends everyone away', async () => {
    const leader = await member(['moderator'])
    const room = await createRoom(leader)
    const guest = await member()
    const onLeader = await connect(leader, a)
    const onGuest = await connect(guest, b)
    await onLeader.invoke(RoomHubMethod.JoinRoom, room.room_id)
    const both = presence(onLeader, room.room_id, 2)
    await onGuest.invoke(RoomHubMethod.JoinRoom, room.room_id)
    await both

    const told = eventOf(onGuest, RoomHubEvent.RoomRemoved)
    const gone = presence(onLeader, room.room_id, 1)
    const removed = await call(
      leader,
      'DELETE',
      `/api/v1/rooms/${room.room_id}/members/${guest.id}`,
    )
    expect(removed.statusCode).toBe(204)
    expect(await told).toEqual({ roomId: room.room_id })
    await gone
    await expect(onGuest.invoke(RoomHubMethod.JoinRoom, room.room_id)).rejects.toThrow(
      ROOM_MESSAGES.removed,
    )

    const closed = eventOf(onLeader, RoomHubEvent.RoomClosed)
    expect((await call(leader, 'POST', `/api/v1/rooms/${room.room_id}/close`)).statusCode).toBe(204)
    expect(await closed).toEqual({ roomId: room.room_id })
    await expect(onLeader.invoke(RoomHubMethod.JoinRoom, room.room_id)).rejects.toThrow(
      ROOM_MESSAGES.closed,
    )
  })

  it('an outsider cannot join a group’s room, and nobody joins a room that is not live', async () => {
    const admin = await member()
    const group = await insertGroup(database.db, [admin.id])
    const room = await createRoom(admin, { group_id: group.id })
    const outsider = await connect(await member(), b)
    await expect(outsider.invoke(RoomHubMethod.JoinRoom, room.room_id)).rejects.toThrow(
      ROOM_MESSAGES.notLive,
    )
    const later = await createRoom(await member(['moderator']), {
      starts_at: new Date(Date.now() + 3_600_000).toISOString(),
    })
    await expect(outsider.invoke(RoomHubMethod.JoinRoom, later.room_id)).rejects.toThrow(
      ROOM_MESSAGES.notLive,
    )
  })
}

describe('rooms on two processes (in-process backplane)', () => {
  roomsContract(() => {
    const shared = createInProcessBackplane()
    return [shared, shared]
  })
})

// CI sets TEST_REDIS_URL: the same over Redis, as two real processes would share it.
describe.runIf(!!process.env.TEST_REDIS_URL)('rooms on two processes (Redis)', () => {
  const url = process.env.TEST_REDIS_URL ?? ''
  const prefix = `rooms-${randomUUID()}`
  roomsContract(() => [
    createRedisBackplane({ url, prefix }),
    createRedisBackplane({ url, prefix }),
  ])
})
