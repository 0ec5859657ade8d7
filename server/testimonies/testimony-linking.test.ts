import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Intention } from '@contract/intentions'
import type { Testimony, TestimonyFeed } from '@contract/testimonies'
import { createTestApp, type TestApp } from '../../tests/helpers/test-app'
import { createUser, signIn } from '../../tests/helpers/users'
import { DETAILS, insertGroup, postIntention } from '../../tests/helpers/wall'
import { intentionsTable } from '../intentions/intentions.table'
import { call, markAnswered, STORY, testimonyInput } from '../../tests/helpers/testimonies-api'
import { testimoniesTable } from './testimonies.table'

// A testimony linked to an answered prayer (spec 001 §2, §4, DESIGN §4): from the testimony
// form (intention_id) or from the answered dialog (PATCH …/status with testimony fields).
let t: TestApp
let owner: { id: string; cookie: string }
let other: { id: string; cookie: string }
let moderator: { cookie: string }

beforeAll(async () => {
  t = await createTestApp()
  const o = await createUser(t.db)
  owner = { id: o.id, cookie: await signIn(t.app, o) }
  const p = await createUser(t.db)
  other = { id: p.id, cookie: await signIn(t.app, p) }
  moderator = {
    cookie: await signIn(t.app, await createUser(t.db, { roles: ['member', 'moderator'] })),
  }
})
afterAll(() => t.close())

const share = (cookie: string, intentionId: string, title = 'Thank you for every prayer') =>
  call(
    t.app,
    cookie,
    'POST',
    '/api/v1/testimonies',
    testimonyInput({ title, intention_id: intentionId }),
  )
const card = async (cookie: string, id: string): Promise<Intention> =>
  (await call(t.app, cookie, 'GET', `/api/v1/intentions/${id}`)).json()
const testimoniesOf = (intentionId: string) =>
  t.db.select().from(testimoniesTable).where(eq(testimoniesTable.intentionId, intentionId))

describe('linking from the testimony form', () => {
  it("links the author's own answered prayer once; the card then names its testimony", async () => {
    const { intention_id: id, title } = await postIntention(t.app, owner.cookie)
    expect((await markAnswered(t.app, owner.cookie, id)).statusCode).toBe(200)
    const response = await share(owner.cookie, id)
    expect(response.statusCode, response.body).toBe(201)
    const created: Testimony = response.json()
    expect(created).toMatchObject({ intention_id: id, intention_title: title })
    expect(await card(other.cookie, id)).toMatchObject({
      has_testimony: true,
      testimony_id: created.testimony_id,
      testimony_title: 'Thank you for every prayer',
    })

    const twice = await share(owner.cookie, id, 'A second story for the same prayer')
    expect(twice.statusCode).toBe(409)
    expect(twice.json().detail).toBe('This prayer already has a testimony.')
    expect(await testimoniesOf(id)).toHaveLength(1)
  })

  it("refuses someone else's prayer, an active or released one, and a private one it cannot see", async () => {
    const answered = await postIntention(t.app, owner.cookie)
    await markAnswered(t.app, owner.cookie, answered.intention_id)
    const notMine = await share(other.cookie, answered.intention_id)
    expect(notMine.statusCode).toBe(403)
    expect(notMine.json().detail).toBe('You can only share a testimony about your own prayer.')
    // A moderator may close anyone's prayer, but the story is the author's to tell.
    expect((await share(moderator.cookie, answered.intention_id)).statusCode).toBe(403)

    const active = await postIntention(t.app, owner.cookie)
    const early = await share(owner.cookie, active.intention_id)
    expect(early.statusCode).toBe(409)
    expect(early.json().detail).toMatch(/Only an answered prayer/)
    const released = await postIntention(t.app, owner.cookie)
    await call(t.app, owner.cookie, 'PATCH', `/api/v1/intentions/${released.intention_id}/status`, {
      status: 'released_in_peace',
      closure_reason: 'came_to_peace',
    })
    expect((await share(owner.cookie, released.intention_id)).statusCode).toBe(409)

    const group = await insertGroup(t.db, [owner.id])
    const hidden = await postIntention(t.app, owner.cookie, {
      destination: 'private_group',
      group_id: group.id,
    })
    await markAnswered(t.app, owner.cookie, hidden.intention_id)
    expect((await share(other.cookie, hidden.intention_id)).statusCode).toBe(404)
    expect(await testimoniesOf(active.intention_id)).toHaveLength(0)
  })

  it('lets two concurrent shares for one prayer end with exactly one testimony', async () => {
    const { intention_id: id } = await postIntention(t.app, owner.cookie)
    await markAnswered(t.app, owner.cookie, id)
    const answers = await Promise.all([
      share(owner.cookie, id, 'First of two racing stories'),
      share(owner.cookie, id, 'Second of two racing stories'),
    ])
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409])
    expect(await testimoniesOf(id)).toHaveLength(1)
  })
})

describe('the answered dialog (PATCH …/status with testimony fields)', () => {
  it('marks answered and creates the linked testimony; the card and the feed show it', async () => {
    const { intention_id: id, title } = await postIntention(t.app, owner.cookie)
    const response = await markAnswered(t.app, owner.cookie, id, {
      testimony_title: 'Surgery went well',
      testimony_text: STORY,
      testimony_visibility: 'public',
    })
    expect(response.statusCode, response.body).toBe(200)
    const [testimony] = await testimoniesOf(id)
    expect(response.json()).toMatchObject({
      status: 'answered',
      has_testimony: true,
      testimony_id: testimony!.id,
      testimony_title: 'Surgery went well',
    })
    expect(await card(other.cookie, id)).toMatchObject({
      status: 'answered',
      has_testimony: true,
      testimony_id: testimony!.id,
      testimony_title: 'Surgery went well',
    })
    const feed: TestimonyFeed = (
      await call(t.app, other.cookie, 'GET', '/api/v1/testimonies')
    ).json()
    expect(feed.items.find((item) => item.testimony_id === testimony!.id)).toMatchObject({
      title: 'Surgery went well',
      text: STORY,
      intention_id: id,
      intention_title: title,
      category_tags: [],
    })
  })

  it('only marks answered without a title and a 70+ story; a short story is refused', async () => {
    const { intention_id: id } = await postIntention(t.app, owner.cookie)
    const titleOnly = await markAnswered(t.app, owner.cookie, id, {
      testimony_title: 'Just a title here',
    })
    expect(titleOnly.json()).toMatchObject({
      status: 'answered',
      has_testimony: false,
      testimony_id: null,
    })
    expect(await testimoniesOf(id)).toHaveLength(0)

    const other2 = await postIntention(t.app, owner.cookie)
    const short = await markAnswered(t.app, owner.cookie, other2.intention_id, {
      testimony_title: 'Surgery went well',
      testimony_text: 'z'.repeat(69),
    })
    expect(short.statusCode).toBe(400)
    expect(short.json().detail).toContain('Minimum 70 characters (1 more needed)')
    expect((await card(owner.cookie, other2.intention_id)).status).toBe('active')
  })

  it('leaves the prayer active when its testimony is refused (same transaction)', async () => {
    const dialog = { testimony_title: 'A story I would like to share', testimony_text: DETAILS }
    const byModerator = await postIntention(t.app, owner.cookie)
    const refused = await markAnswered(t.app, moderator.cookie, byModerator.intention_id, dialog)
    expect(refused.statusCode).toBe(403)
    expect((await card(owner.cookie, byModerator.intention_id)).status).toBe('active')

    const rude = await postIntention(t.app, owner.cookie)
    const policy = await markAnswered(t.app, owner.cookie, rude.intention_id, {
      ...dialog,
      testimony_text: `${DETAILS} What bullshit.`,
    })
    expect(policy.statusCode).toBe(422)
    expect((await card(owner.cookie, rude.intention_id)).status).toBe('active')

    // Answered with a story, reopened, answered again with another: not twice, still active.
    const { intention_id: id } = await postIntention(t.app, owner.cookie)
    await markAnswered(t.app, owner.cookie, id, dialog)
    await call(t.app, owner.cookie, 'PATCH', `/api/v1/intentions/${id}/status`, {
      status: 'active',
    })
    const again = await markAnswered(t.app, owner.cookie, id, {
      ...dialog,
      testimony_title: 'A different second story',
    })
    expect(again.statusCode).toBe(409)
    const [row] = await t.db.select().from(intentionsTable).where(eq(intentionsTable.id, id))
    expect(row!.status).toBe('active')
    expect(await testimoniesOf(id)).toHaveLength(1)
  })

  it('a retried answer keeps the one testimony; a late story for an already answered prayer is added', async () => {
    const dialog = { testimony_title: 'Retried over a flaky network', testimony_text: DETAILS }
    const { intention_id: id } = await postIntention(t.app, owner.cookie)
    const first = await markAnswered(t.app, owner.cookie, id, dialog)
    const retry = await markAnswered(t.app, owner.cookie, id, dialog)
    expect(retry.statusCode).toBe(200)
    expect(retry.json().testimony_id).toBe(first.json().testimony_id)
    expect(await testimoniesOf(id)).toHaveLength(1)

    const late = await postIntention(t.app, owner.cookie)
    await markAnswered(t.app, owner.cookie, late.intention_id)
    const added = await markAnswered(t.app, owner.cookie, late.intention_id, dialog)
    expect(added.json()).toMatchObject({ status: 'answered', has_testimony: true })
  })
})
