import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { call, person, type Person } from '../../tests/helpers/moderation-api'
import { createTestApp, type TestApp } from '../../tests/helpers/test-app'
import { postIntention } from '../../tests/helpers/wall'
import { intentionsTable } from './intentions.table'

// The visibility rule every wall read and write starts with: who sees a held, removed or closed
// prayer, and the words of each refusal.

const NOT_FOUND = { title: 'not_found', detail: 'This prayer may have been removed.' }

let t: TestApp
let author: Person
let member: Person
let moderator: Person

beforeAll(async () => {
  t = await createTestApp()
  author = await person(t.app)
  member = await person(t.app)
  moderator = await person(t.app, ['member', 'moderator'])
})
afterAll(() => t.close())

async function prayer(change: Partial<typeof intentionsTable.$inferInsert> = {}) {
  const { intention_id: id } = await postIntention(t.app, author.cookie)
  if (Object.keys(change).length > 0)
    await t.db.update(intentionsTable).set(change).where(eq(intentionsTable.id, id))
  return id
}

const open = (who: Person, id: string) => call(t.app, who.cookie, 'GET', `/api/v1/intentions/${id}`)
const pray = (who: Person, id: string) =>
  call(t.app, who.cookie, 'POST', `/api/v1/intentions/${id}/pray`)

describe('a held prayer', () => {
  it('is shown to moderators, who review it, and to its author', async () => {
    const id = await prayer({ heldAt: new Date() })
    expect((await open(moderator, id)).statusCode).toBe(200)
    expect((await open(author, id)).statusCode).toBe(200)
  })

  it('is hidden from other members behind the 404 of a removed prayer', async () => {
    const id = await prayer({ heldAt: new Date() })
    const response = await open(member, id)
    expect(response.statusCode).toBe(404)
    expect(response.json()).toMatchObject(NOT_FOUND)
  })
})

describe('responding', () => {
  it('refuses a removed prayer with 404, even to a moderator who can still open it', async () => {
    const id = await prayer({ removedAt: new Date() })
    expect((await open(moderator, id)).statusCode).toBe(200)
    const response = await pray(moderator, id)
    expect(response.statusCode).toBe(404)
    expect(response.json()).toMatchObject(NOT_FOUND)
  })

  it('refuses a closed prayer with 423 and says how to respond again', async () => {
    const id = await prayer({ status: 'answered' })
    const response = await pray(member, id)
    expect(response.statusCode).toBe(423)
    expect(response.json()).toMatchObject({
      title: 'closed',
      detail: 'This prayer is closed. Reopen it to respond again.',
    })
  })
})

describe('managing', () => {
  it('refuses a member who is neither the author nor a moderator with 403, in words', async () => {
    const id = await prayer()
    const response = await call(t.app, member.cookie, 'DELETE', `/api/v1/intentions/${id}`)
    expect(response.statusCode).toBe(403)
    expect(response.json()).toMatchObject({
      title: 'forbidden',
      detail: "You don't have permission to change this prayer.",
    })
  })

  it('lets a moderator manage a prayer someone else wrote', async () => {
    const id = await prayer()
    const response = await call(t.app, moderator.cookie, 'DELETE', `/api/v1/intentions/${id}`)
    expect(response.statusCode).toBe(204)
  })
})
