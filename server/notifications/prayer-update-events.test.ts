import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../tests/helpers/test-app'
import { createUser, signIn } from '../../tests/helpers/users'
import { insertGroup, postIntention } from '../../tests/helpers/wall'
import { usersTable } from '../users/users.table'
import { listFor, write } from '../../tests/helpers/notifications-api'

// Issue 37: a prayer update names its author as the request's card does. (The anonymous case,
// `Someone`, is in server/prayer-list/prayer-list.routes.test.ts.)
let t: TestApp

beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

describe('a prayer update', () => {
  it('on a real-name request names its author by that name, never by their display name', async () => {
    const author = await createUser(t.db, { displayName: 'Evening Lark' })
    const follower = await createUser(t.db)
    const [authorCookie, followerCookie] = [
      await signIn(t.app, author),
      await signIn(t.app, follower),
    ]
    const group = await insertGroup(t.db, [author.id, follower.id])
    const { intention_id: id } = await postIntention(t.app, authorCookie, {
      destination: 'private_group',
      group_id: group.id,
      identity_mode: 'real_name',
    })
    await write(t.app, followerCookie, 'POST', `/api/v1/intentions/${id}/pray`)
    const posted = await write(t.app, authorCookie, 'POST', `/api/v1/intentions/${id}/updates`, {
      text: 'She is home again and walking a little further every day; thank you for praying.',
    })
    expect(posted.statusCode, posted.body).toBe(201)

    const [row] = await t.db.select().from(usersTable).where(eq(usersTable.id, author.id))
    const realName = `${row!.firstName} ${row!.lastName}`
    const { items } = await listFor(t.app, followerCookie)
    const update = items.find((item) => item.type === 'PrayerUpdate')
    expect(update).toMatchObject({
      title: `${realName} shared an update on a request you prayed for`,
      sourceUserDisplayName: realName,
      sourceIntentionId: id,
    })
    expect(JSON.stringify(update)).not.toContain(author.displayName)
  })
})
