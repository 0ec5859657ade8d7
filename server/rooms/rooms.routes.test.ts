import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { CreateRoomInput, Room, RoomDetail, RoomList } from '@contract/rooms'
import { createTestApp, type TestApp } from '../../tests/helpers/test-app'
import { createUser, signIn, type TestUser } from '../../tests/helpers/users'
import { insertGroup, postIntention } from '../../tests/helpers/wall'
import type { UserRole } from '../users/users.table'
import { minutesFromNow, roomInput } from './testing/room-input'

// Issue 21: rooms over HTTP. Who may create which room, who sees it (a group room is 404 to
// outsiders, as group prayers), the list, bringing requests, reminders, close, remove, report.

let t: TestApp
type Person = TestUser & { cookie: string }

async function person(roles: UserRole[] = ['member']): Promise<Person> {
  const user = await createUser(t.db, { roles })
  return { ...user, cookie: await signIn(t.app, user) }
}

beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE'
const call = (who: Person, method: Method, url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie: who.cookie }, ...(payload ? { payload } : {}) })

async function createRoom(who: Person, overrides: Partial<CreateRoomInput> = {}): Promise<Room> {
  const response = await call(who, 'POST', '/api/v1/rooms', roomInput(overrides))
  expect(response.statusCode, response.body).toBe(201)
  return response.json()
}

async function list(who: Person): Promise<Room[]> {
  const response = await call(who, 'GET', '/api/v1/rooms')
  expect(response.statusCode, response.body).toBe(200)
  return (response.json() as RoomList).items
}

describe('creating rooms', () => {
  it('public rooms are for moderators and room leaders; a member gets 403', async () => {
    const member = await person()
    const refused = await call(member, 'POST', '/api/v1/rooms', roomInput())
    expect(refused.statusCode).toBe(403)
    expect(refused.json().detail).toBe('Only moderators can create public rooms.')

    const moderator = await person(['member', 'moderator'])
    const room = await createRoom(moderator, {
      repeat: { days: [5, 3, 3], time_zone: 'Europe/Rome' },
    })
    expect(room).toMatchObject({
      name: 'Evening quiet prayer',
      group_id: null,
      group_name: null,
      duration_minutes: 30,
      repeat: { days: [3, 5], time_zone: 'Europe/Rome' },
      quiet: false,
      state: 'live',
      presence_count: 0,
      reminded: false,
      can_moderate: true,
      created_by: moderator.displayName,
      is_mine: true,
    })
    expect(Date.parse(room.ends_at!) - Date.parse(room.next_starts_at!)).toBe(30 * 60_000)

    await createRoom(await person(['member', 'room_leader']))
  })

  it('any member creates a room for a group they belong to; another group answers 404', async () => {
    const [admin, member, outsider] = [await person(), await person(), await person()]
    const group = await insertGroup(t.db, [admin.id, member.id])
    const room = await createRoom(member, { group_id: group.id })
    expect(room).toMatchObject({ group_id: group.id, group_name: group.name, can_moderate: true })
    const refused = await call(outsider, 'POST', '/api/v1/rooms', roomInput({ group_id: group.id }))
    expect(refused.statusCode).toBe(404)
  })

  it('refuses a duration outside 10–120 minutes and a weekly room without days', async () => {
    const moderator = await person(['moderator'])
    const short = await call(moderator, 'POST', '/api/v1/rooms', roomInput({ duration_minutes: 5 }))
    expect(short.statusCode).toBe(400)
    expect(short.body).toContain('Duration must be 10 to 120 minutes.')
    const noDays = await call(
      moderator,
      'POST',
      '/api/v1/rooms',
      roomInput({ repeat: { days: [], time_zone: 'UTC' } }),
    )
    expect(noDays.statusCode).toBe(400)
    expect(noDays.body).toContain('Pick at least one day.')
  })
})

describe('seeing rooms', () => {
  it('a group room is listed and opened by its members only: 404 to anyone else', async () => {
    const [admin, outsider] = [await person(), await person()]
    const group = await insertGroup(t.db, [admin.id])
    const room = await createRoom(admin, { group_id: group.id })
    expect((await list(admin)).map((r) => r.room_id)).toContain(room.room_id)
    expect((await list(outsider)).map((r) => r.room_id)).not.toContain(room.room_id)
    expect((await call(outsider, 'GET', `/api/v1/rooms/${room.room_id}`)).statusCode).toBe(404)
    for (const [method, path] of [
      ['PUT', 'reminder'],
      ['POST', 'close'],
      ['GET', 'members'],
    ] as const)
      expect(
        (await call(outsider, method, `/api/v1/rooms/${room.room_id}/${path}`)).statusCode,
      ).toBe(404)
    const detail = await call(admin, 'GET', `/api/v1/rooms/${room.room_id}`)
    expect(detail.statusCode).toBe(200)
    expect(detail.json()).toMatchObject({ room_id: room.room_id, state: 'live', removed: false })
  })

  it('lists live and upcoming rooms, the member’s own first; an ended one-off drops out', async () => {
    const moderator = await person(['moderator'])
    const member = await person()
    const upcoming = await createRoom(moderator, { starts_at: minutesFromNow(60) })
    const live = await createRoom(moderator)
    const ended = await createRoom(moderator, { starts_at: minutesFromNow(-90) })
    const group = await insertGroup(t.db, [member.id])
    const own = await createRoom(member, { group_id: group.id, starts_at: minutesFromNow(600) })

    const ids = (await list(member)).map((room) => room.room_id)
    expect(ids).not.toContain(ended.room_id)
    expect(ids[0]).toBe(own.room_id)
    expect(ids.indexOf(live.room_id)).toBeLessThan(ids.indexOf(upcoming.room_id))
    const shown = (await list(member)).find((room) => room.room_id === upcoming.room_id)
    expect(shown).toMatchObject({ state: 'upcoming', can_moderate: false, is_mine: false })
  })
})

describe('inside a room', () => {
  it('brings requests everyone in the room may see; a group’s request stays out of a public room', async () => {
    const moderator = await person(['moderator'])
    const member = await person()
    const group = await insertGroup(t.db, [member.id])
    const room = await createRoom(moderator)
    const open = await postIntention(t.app, member.cookie)
    const private_ = await postIntention(t.app, member.cookie, {
      destination: 'private_group',
      group_id: group.id,
    })
    const path = `/api/v1/rooms/${room.room_id}/intentions`
    const added = await call(member, 'POST', path, { intention_id: open.intention_id })
    expect(added.statusCode, added.body).toBe(201)
    expect(added.json()).toMatchObject({
      intention_id: open.intention_id,
      title: open.title,
      brought_by: member.displayName,
      amen_count: 0,
    })
    expect((await call(member, 'POST', path, { intention_id: open.intention_id })).statusCode).toBe(
      200,
    )
    expect(
      (await call(member, 'POST', path, { intention_id: private_.intention_id })).statusCode,
    ).toBe(422)
    // One the bringer cannot see at all is simply not found.
    expect(
      (await call(moderator, 'POST', path, { intention_id: private_.intention_id })).statusCode,
    ).toBe(404)

    const detail: RoomDetail = (await call(member, 'GET', `/api/v1/rooms/${room.room_id}`)).json()
    expect(detail.intentions.map((i) => i.intention_id)).toEqual([open.intention_id])
    expect(detail.current_intention_id).toBe(open.intention_id)
  })

  it('a group room adds its group’s newest requests by itself', async () => {
    const member = await person()
    const group = await insertGroup(t.db, [member.id])
    const mine = await postIntention(t.app, member.cookie, {
      destination: 'private_group',
      group_id: group.id,
    })
    const room = await createRoom(member, { group_id: group.id })
    const detail: RoomDetail = (await call(member, 'GET', `/api/v1/rooms/${room.room_id}`)).json()
    expect(detail.intentions).toEqual([
      expect.objectContaining({ intention_id: mine.intention_id, brought_by: null }),
    ])
  })

  it('"Remind me" is set and cleared, both repeatable', async () => {
    const moderator = await person(['moderator'])
    const member = await person()
    const room = await createRoom(moderator, { starts_at: minutesFromNow(120) })
    const path = `/api/v1/rooms/${room.room_id}/reminder`
    expect((await call(member, 'PUT', path)).statusCode).toBe(204)
    expect((await call(member, 'PUT', path)).statusCode).toBe(204)
    expect((await list(member)).find((r) => r.room_id === room.room_id)?.reminded).toBe(true)
    expect((await call(member, 'DELETE', path)).statusCode).toBe(204)
    expect((await call(member, 'DELETE', path)).statusCode).toBe(204)
    expect((await list(member)).find((r) => r.room_id === room.room_id)?.reminded).toBe(false)
  })

  it('the creator or a moderator closes a live session; others get 403; not live is 409', async () => {
    const member = await person()
    const other = await person()
    const group = await insertGroup(t.db, [member.id, other.id])
    const room = await createRoom(member, { group_id: group.id })
    const close = `/api/v1/rooms/${room.room_id}/close`
    expect((await call(other, 'POST', close)).statusCode).toBe(403)
    expect((await call(member, 'POST', close)).statusCode).toBe(204)
    const detail = (await call(other, 'GET', `/api/v1/rooms/${room.room_id}`)).json()
    expect(detail.state).toBe('closed')
    expect((await call(member, 'POST', close)).statusCode).toBe(409)

    const later = await createRoom(await person(['moderator']), { starts_at: minutesFromNow(30) })
    expect(
      (await call(await person(['moderator']), 'POST', `/api/v1/rooms/${later.room_id}/close`))
        .statusCode,
    ).toBe(409)
  })

  it('a removed member is marked removed for this session', async () => {
    const leader = await person(['moderator'])
    const member = await person()
    const room = await createRoom(leader)
    const path = `/api/v1/rooms/${room.room_id}/members/${member.id}`
    expect(
      (await call(member, 'DELETE', `/api/v1/rooms/${room.room_id}/members/${leader.id}`))
        .statusCode,
    ).toBe(403)
    expect((await call(leader, 'DELETE', path)).statusCode).toBe(204)
    expect((await call(member, 'GET', `/api/v1/rooms/${room.room_id}`)).json().removed).toBe(true)
    expect((await call(leader, 'GET', `/api/v1/rooms/${room.room_id}`)).json().removed).toBe(false)
  })

  it('members report a room once', async () => {
    const room = await createRoom(await person(['moderator']))
    const member = await person()
    const path = `/api/v1/rooms/${room.room_id}/report`
    expect((await call(member, 'POST', path, { category: 'spam', note: null })).statusCode).toBe(
      204,
    )
    const again = await call(member, 'POST', path, { category: 'spam', note: null })
    expect(again.statusCode).toBe(409)
    expect(again.json().title).toBe('already_reported')
  })
})
