import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../tests/helpers/test-app'
import { createUser, signIn, type TestUser } from '../../tests/helpers/users'
import { postIntention } from '../../tests/helpers/wall'
import { postTestimony } from '../../tests/helpers/testimonies-api'
import { rowsOf, write } from '../../tests/helpers/notifications-api'

// Issue 6: a testimony reaches those who prayed; Amens reach its author, with milestones.
let t: TestApp
let author: TestUser
const members: TestUser[] = []
const cookies = new Map<string, string>()
const cookieOf = (user: TestUser) => cookies.get(user.id)!

beforeAll(async () => {
  t = await createTestApp()
  author = await createUser(t.db, { displayName: 'River Stone' })
  cookies.set(author.id, await signIn(t.app, author))
  for (let i = 0; i < 5; i++) {
    const user = await createUser(t.db)
    members.push(user)
    cookies.set(user.id, await signIn(t.app, user))
  }
})
afterAll(() => t.close())

async function answeredPrayer(prayedBy: TestUser[]) {
  const { intention_id: id } = await postIntention(t.app, cookieOf(author))
  for (const user of prayedBy)
    await write(t.app, cookieOf(user), 'POST', `/api/v1/intentions/${id}/pray`)
  await write(t.app, cookieOf(author), 'PATCH', `/api/v1/intentions/${id}/status`, {
    status: 'answered',
  })
  return id
}

describe('testimonies', () => {
  it('tell everyone who prayed for the prayer, except its author', async () => {
    const id = await answeredPrayer(members.slice(0, 2))
    const testimony = await postTestimony(t.app, cookieOf(author), { intention_id: id })
    for (const user of members.slice(0, 2)) {
      const rows = await rowsOf(t.db, user.id, 'TestimonyCreated')
      expect(rows).toHaveLength(1)
      expect(rows[0]).toMatchObject({
        title: 'New testimony',
        sourceTestimonyId: testimony.testimony_id,
        sourceUserDisplayName: 'River Stone',
      })
    }
    expect(await rowsOf(t.db, members[2]!.id, 'TestimonyCreated')).toHaveLength(0)
    expect(await rowsOf(t.db, author.id, 'TestimonyCreated')).toHaveLength(0)
  })

  it("name an anonymous testimony's author 'Someone'", async () => {
    const id = await answeredPrayer([members[3]!])
    await postTestimony(t.app, cookieOf(author), { intention_id: id, visibility: 'anonymous' })
    const [row] = await rowsOf(t.db, members[3]!.id, 'TestimonyCreated')
    expect(row?.sourceUserDisplayName).toBe('Someone')
    expect(row?.message).not.toContain('River Stone')
  })

  it('tell the author of each Amen once, and celebrate the fifth', async () => {
    const testimony = await postTestimony(t.app, cookieOf(author))
    const url = `/api/v1/testimonies/${testimony.testimony_id}/reactions`
    await write(t.app, cookieOf(author), 'POST', url, { Reaction: 'amen' })
    for (const user of members)
      await write(t.app, cookieOf(user), 'POST', url, { Reaction: 'amen' })
    await write(t.app, cookieOf(members[0]!), 'POST', url, { Reaction: 'amen' }) // taken back
    await write(t.app, cookieOf(members[0]!), 'POST', url, { Reaction: 'amen' }) // and again

    const mine = (await rowsOf(t.db, author.id)).filter(
      (r) => r.sourceTestimonyId === testimony.testimony_id,
    )
    expect(mine.filter((r) => r.type === 'TestimonyAmenReaction')).toHaveLength(5)
    const encouragement = mine.filter((r) => r.type === 'TestimonyEncouragement')
    expect(encouragement.map((r) => r.title)).toEqual(['5 people said Amen to your testimony'])
    for (const user of members)
      expect(await rowsOf(t.db, user.id, 'TestimonyAmenReaction')).toHaveLength(0)
  })
})
