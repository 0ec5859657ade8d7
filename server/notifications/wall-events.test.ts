import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../tests/helpers/test-app'
import { createUser, signIn, type TestUser } from '../../tests/helpers/users'
import { insertGroup, postIntention } from '../../tests/helpers/wall'
import { postComment } from '../../tests/helpers/comments-api'
import { intentionsTable } from '../intentions/intentions.table'
import { usersTable } from '../users/users.table'
import { listFor, rowsOf, write } from '../../tests/helpers/notifications-api'
import { onPrayed, onStatusChanged } from './wall-events'

// Issue 6: each wall event notifies the right member, never the actor, in display names only.
let t: TestApp
let author: TestUser
let friend: TestUser
let other: TestUser
const cookies: Record<string, string> = {}
let clock = new Date('2026-11-18T10:00:00Z')

beforeAll(async () => {
  t = await createTestApp({ now: () => clock })
  author = await createUser(t.db, { displayName: 'Quiet Dove' })
  friend = await createUser(t.db, { displayName: 'Gentle Lamb' })
  other = await createUser(t.db, { displayName: 'Bright Star' })
  for (const user of [author, friend, other]) cookies[user.id] = await signIn(t.app, user)
})
afterAll(() => t.close())

const pray = (user: TestUser, id: string) =>
  write(t.app, cookies[user.id]!, 'POST', `/api/v1/intentions/${id}/pray`)
const react = (user: TestUser, id: string, kind: 'amen' | 'candle') =>
  write(t.app, cookies[user.id]!, 'POST', `/api/v1/intentions/${id}/reactions`, { kind })

describe('prayers and reactions on an intention', () => {
  it('tells the author who prayed, said Amen and lit a candle, and never the actor', async () => {
    const { intention_id: id } = await postIntention(t.app, cookies[author.id]!)
    expect((await pray(friend, id)).statusCode).toBe(200)
    expect((await react(friend, id, 'amen')).statusCode).toBe(200)
    expect((await react(friend, id, 'candle')).statusCode).toBe(200)
    await pray(author, id)
    await react(author, id, 'amen')

    const { items, unreadCount } = await listFor(t.app, cookies[author.id]!)
    const mine = items.filter((item) => item.sourceIntentionId === id)
    expect(mine.map((item) => item.type).sort()).toEqual([
      'PrayerAmenReaction',
      'PrayerCandleReaction',
      'PrayerReaction',
    ])
    expect(unreadCount).toBeGreaterThanOrEqual(3)
    for (const item of mine) expect(item.sourceUserDisplayName).toBe('Gentle Lamb')
    expect(mine.find((item) => item.type === 'PrayerAmenReaction')?.data).toEqual({
      reaction: 'amen',
    })
    expect(mine.find((item) => item.type === 'PrayerReaction')?.title).toBe(
      'Gentle Lamb prayed for your intention',
    )
    expect(await rowsOf(t.db, friend.id)).toHaveLength(0)
  })

  it('notifies once per Amen however often it is toggled or replayed', async () => {
    const { intention_id: id } = await postIntention(t.app, cookies[author.id]!)
    await react(other, id, 'amen')
    await react(other, id, 'amen')
    await react(other, id, 'amen')
    await pray(other, id)
    await pray(other, id)
    const rows = (await rowsOf(t.db, author.id)).filter((row) => row.sourceIntentionId === id)
    expect(rows.map((row) => row.type).sort()).toEqual(['PrayerAmenReaction', 'PrayerReaction'])
  })

  it('raises nothing for a prayer removed before its notification went out', async () => {
    const { intention_id: id } = await postIntention(t.app, cookies[author.id]!)
    await t.db.update(intentionsTable).set({ removedAt: clock }).where(eq(intentionsTable.id, id))
    await onPrayed(
      t.app.notifier,
      { userId: friend.id, displayName: 'Gentle Lamb' },
      id,
      '2026-11-18',
    )
    const rows = (await rowsOf(t.db, author.id)).filter((row) => row.sourceIntentionId === id)
    expect(rows).toHaveLength(0)
  })
})

describe('prayers from several members', () => {
  it('raise one row each, listed as one entry that counts them (issue 47)', async () => {
    const { intention_id: id } = await postIntention(t.app, cookies[author.id]!)
    const people = [friend, other, await createUser(t.db, { displayName: 'Calm River' })]
    for (const user of people) cookies[user.id] ??= await signIn(t.app, user)
    for (const user of people) {
      clock = new Date(clock.getTime() + 60_000)
      await pray(user, id)
    }
    await pray(people[2]!, id) // a replay raises nothing
    const rows = (await rowsOf(t.db, author.id)).filter((row) => row.sourceIntentionId === id)
    expect(rows.map((row) => row.type)).toEqual([
      'PrayerReaction',
      'PrayerReaction',
      'PrayerReaction',
    ])
    const { items } = await listFor(t.app, cookies[author.id]!)
    const entries = items.filter((item) => item.sourceIntentionId === id)
    expect(entries).toHaveLength(1)
    expect(entries[0]!.title).toBe('Calm River prayed for your intention')
    expect(entries[0]!.fold).toMatchObject({
      key: `PrayerReaction:${id}`,
      count: 3,
      people: 3,
      names: ['Calm River', 'Bright Star', 'Gentle Lamb'],
    })
  })
})

describe('comments', () => {
  it('tells the author of a comment, and the author of a liked comment, never the actor', async () => {
    const { intention_id: id } = await postIntention(t.app, cookies[author.id]!)
    const comment = await postComment(
      t.app,
      cookies[friend.id]!,
      id,
      'Holding you in prayer today.',
    )
    await postComment(t.app, cookies[author.id]!, id, 'Thank you all so much for praying.')
    const url = `/api/v1/intentions/${id}/comments/${comment.comment_id}/reactions`
    await write(t.app, cookies[other.id]!, 'POST', url, { Reaction: 'like' })
    await write(t.app, cookies[other.id]!, 'POST', url, { Reaction: 'amen' })
    await write(t.app, cookies[friend.id]!, 'POST', url, { Reaction: 'amen' })

    const toAuthor = (await rowsOf(t.db, author.id, 'IntentionComment')).filter(
      (r) => r.sourceIntentionId === id,
    )
    expect(toAuthor).toHaveLength(1)
    expect(toAuthor[0]).toMatchObject({
      title: 'Gentle Lamb commented on your intention',
      message: 'Holding you in prayer today.',
      sourceUserDisplayName: 'Gentle Lamb',
    })
    const toFriend = await rowsOf(t.db, friend.id)
    expect(toFriend.map((row) => [row.type, row.sourceUserDisplayName]).sort()).toEqual([
      ['CommentAmenReaction', 'Bright Star'],
      ['CommentReaction', 'Bright Star'],
    ])
  })

  it("names an anonymous prayer's author 'Someone' when they react to a comment", async () => {
    const { intention_id: id } = await postIntention(t.app, cookies[author.id]!, {
      identity_mode: 'anonymous',
    })
    const comment = await postComment(t.app, cookies[other.id]!, id, 'Praying with you tonight.')
    await write(
      t.app,
      cookies[author.id]!,
      'POST',
      `/api/v1/intentions/${id}/comments/${comment.comment_id}/reactions`,
      {
        Reaction: 'like',
      },
    )
    const [row] = (await rowsOf(t.db, other.id, 'CommentReaction')).filter(
      (r) => r.sourceIntentionId === id,
    )
    expect(row).toMatchObject({
      sourceUserDisplayName: 'Someone',
      title: 'Someone liked your comment',
    })
  })

  it("names a real-name prayer's author by the real name when they react to a comment, never by their display name", async () => {
    const group = await insertGroup(t.db, [author.id, other.id])
    const { intention_id: id } = await postIntention(t.app, cookies[author.id]!, {
      destination: 'private_group',
      group_id: group.id,
      identity_mode: 'real_name',
    })
    const comment = await postComment(t.app, cookies[other.id]!, id, 'Praying with you tonight.')
    const url = `/api/v1/intentions/${id}/comments/${comment.comment_id}/reactions`
    await write(t.app, cookies[author.id]!, 'POST', url, { Reaction: 'amen' })
    const [row] = (await rowsOf(t.db, other.id, 'CommentAmenReaction')).filter(
      (r) => r.sourceIntentionId === id,
    )
    const [names] = await t.db.select().from(usersTable).where(eq(usersTable.id, author.id))
    const realName = `${names!.firstName} ${names!.lastName}`
    expect(row).toMatchObject({
      sourceUserDisplayName: realName,
      title: `${realName} said Amen to your comment`,
    })
    expect(JSON.stringify(row)).not.toContain('Quiet Dove')
  })
})

describe('answered and released prayers', () => {
  it('tell no one who has left the private group since praying, nor of its testimony', async () => {
    const group = await insertGroup(t.db, [author.id, friend.id, other.id])
    const { intention_id: id } = await postIntention(t.app, cookies[author.id]!, {
      destination: 'private_group',
      group_id: group.id,
    })
    await pray(friend, id)
    await pray(other, id)
    const left = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/groups/${group.id}/members/me`,
      headers: { cookie: cookies[other.id]! },
    })
    expect(left.statusCode, left.body).toBeLessThan(300)
    const response = await write(
      t.app,
      cookies[author.id]!,
      'PATCH',
      `/api/v1/intentions/${id}/status`,
      {
        status: 'answered',
        testimony_title: 'Home again, and walking further each day',
        testimony_text:
          'She came home on Friday and walks a little further every day. Thank you all for praying.',
      },
    )
    expect(response.statusCode, response.body).toBe(200)
    const about = async (user: TestUser) =>
      (await rowsOf(t.db, user.id))
        .filter((row) => row.sourceIntentionId === id)
        .map((row) => row.type)
        .sort()
    expect(await about(friend)).toEqual(['IntentionAnswered', 'TestimonyCreated'])
    expect(await about(other)).toEqual([])
  })

  it('tells everyone who prayed, except the author', async () => {
    const { intention_id: id } = await postIntention(t.app, cookies[author.id]!)
    await pray(friend, id)
    await pray(other, id)
    await pray(author, id)
    const response = await write(
      t.app,
      cookies[author.id]!,
      'PATCH',
      `/api/v1/intentions/${id}/status`,
      {
        status: 'answered',
      },
    )
    expect(response.statusCode, response.body).toBe(200)
    for (const user of [friend, other]) {
      const rows = (await rowsOf(t.db, user.id, 'IntentionAnswered')).filter(
        (r) => r.sourceIntentionId === id,
      )
      expect(rows).toHaveLength(1)
      expect(rows[0]!.title).toBe('A prayer you prayed for was answered')
    }
    expect((await rowsOf(t.db, author.id, 'IntentionAnswered')).length).toBe(0)
  })

  it('tells everyone who prayed that it was released in peace, except the author', async () => {
    const { intention_id: id } = await postIntention(t.app, cookies[author.id]!)
    await pray(friend, id)
    await pray(other, id)
    await pray(author, id)
    const response = await write(
      t.app,
      cookies[author.id]!,
      'PATCH',
      `/api/v1/intentions/${id}/status`,
      { status: 'released_in_peace', closure_reason: 'came_to_peace' },
    )
    expect(response.statusCode, response.body).toBe(200)
    for (const user of [friend, other]) {
      const rows = (await rowsOf(t.db, user.id)).filter((r) => r.sourceIntentionId === id)
      expect(rows.map((row) => row.type)).toEqual(['IntentionResolved'])
      expect(rows[0]!.title).toBe('A prayer you prayed for was released in peace')
    }
    expect(
      (await rowsOf(t.db, author.id, 'IntentionResolved')).filter(
        (r) => r.sourceIntentionId === id,
      ),
    ).toHaveLength(0)
  })

  it('raises nothing for a released prayer removed before its notification went out', async () => {
    const { intention_id: id } = await postIntention(t.app, cookies[author.id]!)
    await pray(friend, id)
    await t.db
      .update(intentionsTable)
      .set({ status: 'released_in_peace', statusChangedAt: clock, removedAt: clock })
      .where(eq(intentionsTable.id, id))
    await onStatusChanged(
      t.app.notifier,
      { userId: author.id, displayName: 'Quiet Dove' },
      id,
      'released_in_peace',
    )
    const rows = (await rowsOf(t.db, friend.id)).filter((r) => r.sourceIntentionId === id)
    expect(rows).toHaveLength(0)
  })
})
