import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { NotificationType } from '@contract/notifications'
import { createTestApp, type TestApp } from '../../tests/helpers/test-app'
import { createUser, signIn, type TestUser } from '../../tests/helpers/users'
import { postIntention } from '../../tests/helpers/wall'
import { listFor, rowsOf, write } from '../../tests/helpers/notifications-api'
import { foldOf } from './notification-folds'

// Issue 47, ADR 0039: the folding rule (type, item, time window, read state), the unread count
// of entries, reading an entry, and anonymity in folded names.
let t: TestApp
let clock = new Date('2026-11-20T08:00:00Z')
const HOUR = 60 * 60 * 1000

beforeAll(async () => {
  t = await createTestApp({ now: () => clock })
})
afterAll(() => t.close())

/** A fresh member with two requests of their own, so each test reads only its own rows. */
async function member() {
  const user = await createUser(t.db)
  const cookie = await signIn(t.app, user)
  const first = (await postIntention(t.app, cookie)).intention_id
  const second = (await postIntention(t.app, cookie)).intention_id
  return { user, cookie, first, second }
}

/** One act on `intentionId` by `name`, `hours` after the previous one. */
async function act(
  user: TestUser,
  type: NotificationType,
  intentionId: string,
  name: string,
  hours = 1,
  data: Record<string, string> | null = null,
) {
  clock = new Date(clock.getTime() + hours * HOUR)
  await t.app.notifier.raise({
    userId: user.id,
    type,
    title: `${name} acted`,
    message: 'Healing for my mother',
    sourceUserDisplayName: name,
    sourceIntentionId: intentionId,
    data,
  })
}

describe('the folding rule', () => {
  it('folds one type about one request; another type or request is another entry', async () => {
    const { user, cookie, first, second } = await member()
    await act(user, 'PrayerAmenReaction', first, 'Patient Almond 99')
    await act(user, 'PrayerAmenReaction', first, 'Gentle Lamb')
    await act(user, 'IntentionComment', first, 'Gentle Lamb')
    await act(user, 'IntentionComment', first, 'Bright Star')
    await act(user, 'PrayerAmenReaction', second, 'Bright Star')
    await act(user, 'WeeklySummary', first, 'nobody')
    await act(user, 'WeeklySummary', first, 'nobody')

    const { items, unreadCount } = await listFor(t.app, cookie)
    expect(items.map((item) => [item.type, item.sourceIntentionId, item.fold?.count])).toEqual([
      ['WeeklySummary', first, undefined],
      ['WeeklySummary', first, undefined],
      ['PrayerAmenReaction', second, 1],
      ['IntentionComment', first, 2],
      ['PrayerAmenReaction', first, 2],
    ])
    expect(unreadCount).toBe(5)
    expect(items[4]!.fold).toEqual({
      key: `PrayerAmenReaction:${first}`,
      count: 2,
      people: 2,
      names: ['Gentle Lamb', 'Patient Almond 99'],
      since: new Date(clock.getTime() - 6 * HOUR).toISOString(),
    })
    // The entry is its newest notification.
    expect(items[4]!.sourceUserDisplayName).toBe('Gentle Lamb')
  })

  it('folds while each came within a day of the next, and starts again after a longer gap', async () => {
    const { user, cookie, first } = await member()
    await act(user, 'PrayerReaction', first, 'One')
    await act(user, 'PrayerReaction', first, 'Two', 23)
    await act(user, 'PrayerReaction', first, 'Three', 25)
    await act(user, 'PrayerReaction', first, 'Four', 24)
    const { items, unreadCount } = await listFor(t.app, cookie)
    expect(items.map((item) => item.fold?.names)).toEqual([
      ['Four', 'Three'],
      ['Two', 'One'],
    ])
    expect(unreadCount).toBe(2)
  })

  it('folds comment reactions by comment', async () => {
    const { user, cookie, first } = await member()
    await act(user, 'CommentReaction', first, 'One', 1, { reaction: 'like', commentId: 'c1' })
    await act(user, 'CommentReaction', first, 'Two', 1, { reaction: 'like', commentId: 'c2' })
    await act(user, 'CommentReaction', first, 'Three', 1, { reaction: 'like', commentId: 'c1' })
    const { items } = await listFor(t.app, cookie)
    expect(items.map((item) => [item.fold?.key, item.fold?.count])).toEqual([
      ['CommentReaction:c1', 2],
      ['CommentReaction:c2', 1],
    ])
  })
})

describe('reading an entry', () => {
  it('reads its whole fold, keeps it one entry, and a later act starts a new unread one', async () => {
    const { user, cookie, first } = await member()
    for (const name of ['One', 'Two', 'Three']) await act(user, 'IntentionComment', first, name)
    const [entry] = (await listFor(t.app, cookie)).items
    const read = await write(t.app, cookie, 'PUT', '/api/notifications/read', {
      notificationIds: [entry!.notificationId],
    })
    expect(read.json()).toEqual({ unreadCount: 0 })
    expect((await rowsOf(t.db, user.id)).every((row) => row.readAt !== null)).toBe(true)

    await act(user, 'IntentionComment', first, 'Four')
    const after = await listFor(t.app, cookie)
    expect(after.items.map((item) => [item.readAt === null, item.fold?.count])).toEqual([
      [true, 1],
      [false, 3],
    ])
    expect(after.unreadCount).toBe(1)
  })

  it('leaves unread what came after the entry the member read', async () => {
    const { user, cookie, first } = await member()
    await act(user, 'PrayerReaction', first, 'One')
    await act(user, 'PrayerReaction', first, 'Two')
    const [seen] = (await listFor(t.app, cookie)).items
    await act(user, 'PrayerReaction', first, 'Three')
    await write(t.app, cookie, 'PUT', '/api/notifications/read', {
      notificationIds: [seen!.notificationId],
    })
    const { items, unreadCount } = await listFor(t.app, cookie)
    expect(unreadCount).toBe(1)
    expect(items.map((item) => [item.readAt === null, item.fold?.names])).toEqual([
      [true, ['Three']],
      [false, ['Two', 'One']],
    ])
  })

  it('pages by entry: the cursor is the entry’s newest notification', async () => {
    const { user, cookie, first, second } = await member()
    for (let i = 0; i < 3; i++) {
      await act(user, 'PrayerCandleReaction', first, `Candle ${i}`)
      await act(user, 'PrayerAmenReaction', second, `Amen ${i}`)
    }
    await act(user, 'IntentionComment', first, 'Last')
    const page = await listFor(t.app, cookie, '?limit=2')
    expect(page.items.map((item) => item.type)).toEqual(['IntentionComment', 'PrayerAmenReaction'])
    const next = await listFor(t.app, cookie, `?limit=2&cursor=${page.nextCursor}`)
    expect(next.items.map((item) => [item.type, item.fold?.count])).toEqual([
      ['PrayerCandleReaction', 3],
    ])
    expect(next.nextCursor).toBeNull()
  })
})

describe('anonymity in folded names', () => {
  it('counts an unnamed actor but never names them', () => {
    const fold = foldOf({
      fold_key: 'CommentReaction:c1',
      count: 4,
      names: ['Someone', 'Gentle Lamb', null, 'Gentle Lamb'],
      since: '2026-11-20T08:00:00.000Z',
    })
    expect(fold).toEqual({
      key: 'CommentReaction:c1',
      count: 4,
      people: 3,
      names: ['Gentle Lamb'],
      since: '2026-11-20T08:00:00.000Z',
    })
  })

  it('never lists an anonymous author who reacted among the names', async () => {
    const { user, cookie, first } = await member()
    const data = { reaction: 'amen', commentId: 'c9' }
    await act(user, 'CommentAmenReaction', first, 'Bright Star', 1, data)
    await act(user, 'CommentAmenReaction', first, 'Someone', 1, data)
    const { items } = await listFor(t.app, cookie)
    expect(items).toHaveLength(1)
    expect(items[0]!.fold).toMatchObject({ people: 2, names: ['Bright Star'] })
    expect(JSON.stringify(items)).not.toContain(user.displayName)
  })

  it('keeps at most 20 names and counts the rest', () => {
    const names = Array.from({ length: 30 }, (_, i) => `Member ${i}`)
    const fold = foldOf({ fold_key: 'k', count: 30, names, since: new Date() })
    expect(fold.names).toHaveLength(20)
    expect(fold.people).toBe(30)
  })
})
