import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../tests/helpers/test-app'
import { createUser, signIn, type TestUser } from '../../tests/helpers/users'
import { listFor, rowsOf, write } from '../../tests/helpers/notifications-api'

// Spec 000 §7 calls: newest first in pages of 20, unread only, and read state per member.
let t: TestApp
let me: TestUser
let someoneElse: TestUser
let myCookie: string
let theirCookie: string
let clock = new Date('2026-11-18T10:00:00Z')

beforeAll(async () => {
  t = await createTestApp({ now: () => clock })
  me = await createUser(t.db)
  someoneElse = await createUser(t.db)
  myCookie = await signIn(t.app, me)
  theirCookie = await signIn(t.app, someoneElse)
  for (let i = 0; i < 25; i++) {
    clock = new Date(clock.getTime() + 1000)
    for (const user of [me, someoneElse])
      await t.app.notifier.raise({ userId: user.id, type: 'WeeklySummary', title: `Note ${i}` })
  }
})
afterAll(() => t.close())

describe('GET /api/notifications', () => {
  it('answers 401 without a session', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/notifications' })
    expect(response.statusCode).toBe(401)
  })

  it('pages newest first, 20 at a time, with the unread count', async () => {
    const first = await listFor(t.app, myCookie)
    expect(first.items).toHaveLength(20)
    expect(first.items[0]!.title).toBe('Note 24')
    expect(first.unreadCount).toBe(25)
    const second = await listFor(t.app, myCookie, `?limit=20&cursor=${first.nextCursor}`)
    expect(second.items.map((item) => item.title)).toEqual([
      'Note 4',
      'Note 3',
      'Note 2',
      'Note 1',
      'Note 0',
    ])
    expect(second.nextCursor).toBeNull()
  })
})

describe('reading', () => {
  it('marks only the caller’s own notifications read, ignoring others’ ids', async () => {
    const mine = await rowsOf(t.db, me.id)
    const theirs = await rowsOf(t.db, someoneElse.id)
    const response = await write(t.app, myCookie, 'PUT', '/api/notifications/read', {
      notificationIds: [mine[0]!.id, mine[1]!.id, theirs[0]!.id],
    })
    expect(response.json()).toEqual({ unreadCount: 23 })
    expect((await listFor(t.app, theirCookie)).unreadCount).toBe(25)
    const unread = await listFor(t.app, myCookie, '?unreadOnly=true&limit=50')
    expect(unread.items).toHaveLength(23)
    expect(unread.items.every((item) => item.readAt === null)).toBe(true)
  })

  it('read-all clears only the caller’s unread notifications', async () => {
    const response = await write(t.app, myCookie, 'PUT', '/api/notifications/read-all')
    expect(response.json()).toEqual({ unreadCount: 0 })
    expect((await listFor(t.app, myCookie)).unreadCount).toBe(0)
    expect((await listFor(t.app, theirCookie)).unreadCount).toBe(25)
  })
})
