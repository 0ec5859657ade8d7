import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Room } from '@contract/rooms'
import { RoomHubEvent } from '@contract/rooms'
import { createTestApp, type TestApp } from '../../tests/helpers/test-app'
import type { HubSender } from '../realtime/hub-sender'
import { listFor } from '../../tests/helpers/notifications-api'
import { roomsLiveSubscriber } from '../rooms/rooms-live.subscriber'
import { roomInput } from '../rooms/testing/room-input'
import { act, call, person, queueOf, type Person } from '../../tests/helpers/moderation-api'

// Issue 21: "members can report a room". A reported room reaches the moderators' queue like a
// post; at REPORT_HOLD_THRESHOLD (3) reporters it is held (its creator and moderators still see
// it); a moderator removes it (gone for everyone, its creator told why, its live session closed)
// or restores it.

let t: TestApp
let leader: Person
let member: Person
let moderator: Person

beforeAll(async () => {
  t = await createTestApp()
  leader = await person(t.app, ['member', 'room_leader'])
  member = await person(t.app)
  moderator = await person(t.app, ['member', 'moderator'])
})
afterAll(() => t.close())

async function publicRoom(name: string): Promise<Room> {
  const created = await call(
    t.app,
    leader.cookie,
    'POST',
    '/api/v1/rooms',
    roomInput({ name, description: 'Come and pray with us.' }),
  )
  expect(created.statusCode, created.body).toBe(201)
  return created.json()
}

const report = async (who: Person, roomId: string) => {
  const answer = await call(t.app, who.cookie, 'POST', `/api/v1/rooms/${roomId}/report`, {
    category: 'inappropriate',
    note: 'Not a prayer room',
  })
  expect(answer.statusCode, answer.body).toBe(204)
}
const detailStatus = async (who: Person, roomId: string) =>
  (await call(t.app, who.cookie, 'GET', `/api/v1/rooms/${roomId}`)).statusCode
const listed = async (who: Person, roomId: string) =>
  ((await call(t.app, who.cookie, 'GET', '/api/v1/rooms')).json() as { items: Room[] }).items.some(
    (room) => room.room_id === roomId,
  )

describe('reported rooms in the moderation queue', () => {
  it('lists a reported room with its name, description and creator', async () => {
    const room = await publicRoom('Loud sales pitch')
    await report(member, room.room_id)
    const queue = await queueOf(t.app, moderator.cookie)
    expect(queue.items.find((item) => item.target.id === room.room_id)).toMatchObject({
      target: {
        type: 'room',
        intentionId: null,
        title: 'Loud sales pitch',
        text: 'Come and pray with us.',
        author: { userId: leader.id },
        heldAt: null,
      },
      reportCount: 1,
      categories: [{ category: 'inappropriate', count: 1 }],
    })
  })

  it('holds a room at the third reporter: hidden from members, still seen by its creator and moderators', async () => {
    const room = await publicRoom('Held for review')
    for (const reporter of [member, await person(t.app), await person(t.app)])
      await report(reporter, room.room_id)
    expect(await detailStatus(member, room.room_id)).toBe(404)
    expect(await listed(member, room.room_id)).toBe(false)
    for (const who of [leader, moderator]) {
      expect(await detailStatus(who, room.room_id)).toBe(200)
      expect(await listed(who, room.room_id)).toBe(true)
    }
    const queued = (await queueOf(t.app, moderator.cookie)).items.find(
      (item) => item.target.id === room.room_id,
    )
    expect(queued?.target.heldAt).not.toBeNull()

    // Nothing wrong: a dismissal brings it back for everyone.
    await act(t.app, moderator.cookie, 'dismiss', { type: 'room', id: room.room_id })
    expect(await detailStatus(member, room.room_id)).toBe(200)
  })

  it('a removal takes the room away from everyone and tells its creator why; a restore brings it back', async () => {
    const room = await publicRoom('Removed by a moderator')
    await report(member, room.room_id)
    await act(
      t.app,
      moderator.cookie,
      'remove',
      { type: 'room', id: room.room_id },
      { reason: 'Advertises a shop' },
    )
    for (const who of [member, leader, moderator]) {
      expect(await detailStatus(who, room.room_id)).toBe(404)
      expect(await listed(who, room.room_id)).toBe(false)
    }
    // Neither joined nor reported any more: the room is gone.
    const again = await call(t.app, leader.cookie, 'POST', `/api/v1/rooms/${room.room_id}/report`, {
      category: 'spam',
      note: null,
    })
    expect(again.statusCode).toBe(404)
    expect((await listFor(t.app, leader.cookie)).items[0]).toMatchObject({
      type: 'ContentRemoved',
      title: 'A moderator removed your prayer room',
      message: 'Reason: Advertises a shop',
      data: { targetType: 'room', targetId: room.room_id },
    })
    const resolved = await queueOf(t.app, moderator.cookie, '?status=resolved')
    expect(resolved.items.find((item) => item.target.id === room.room_id)?.target).toMatchObject({
      type: 'room',
      removalReason: 'Advertises a shop',
    })

    await act(t.app, moderator.cookie, 'restore', { type: 'room', id: room.room_id })
    expect(await detailStatus(member, room.room_id)).toBe(200)
  })
})

describe('a removed room closes its live session', () => {
  const sent: string[] = []
  const sender: HubSender = {
    sendToUser: async (userId, target) => void sent.push(`user ${userId} ${target}`),
    sendToAll: async (target) => void sent.push(`all ${target}`),
    sendToGroup: async (group, target, args) =>
      void sent.push(`group ${group} ${target} ${JSON.stringify(args)}`),
    revalidate: async () => void sent.push('revalidate'),
    removeFromRoster: async (group, userId) => void sent.push(`kick ${group} ${userId}`),
  }
  const removed = (type: 'room' | 'intention', id: string) =>
    roomsLiveSubscriber(sender).on.ContentRemoved?.({
      id: 'event-1',
      type: 'ContentRemoved',
      occurredAt: new Date(),
      payload: {
        target: { type, id },
        intentionId: null,
        authorId: leader.id,
        actor: { userId: moderator.id, displayName: moderator.displayName },
        via: 'queue',
        reason: 'Advertises a shop',
      },
    })

  it('tells everyone in the room it closed and empties its roster; other removals pass by', async () => {
    await removed('intention', 'a-prayer')
    expect(sent).toEqual([])
    await removed('room', 'room-1')
    expect(sent).toEqual([
      `group room:room-1 ${RoomHubEvent.RoomClosed} [{"roomId":"room-1"}]`,
      'kick room:room-1 null',
    ])
  })
})
