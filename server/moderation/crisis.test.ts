import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../tests/helpers/test-app'
import { intentionInput, postIntention } from '../../tests/helpers/wall'
import { postComment } from '../../tests/helpers/comments-api'
import { listFor } from '../../tests/helpers/notifications-api'
import { postTestimony } from '../../tests/helpers/testimonies-api'
import { DEFAULT_CRISIS_SUPPORT } from '../content-policy/crisis-resources'
import { CRISIS_ALERT_TITLE } from './moderation-notices'
import {
  act,
  call,
  person,
  queueOf,
  reportIntention,
  type Person,
} from '../../tests/helpers/moderation-api'

// DESIGN §4 and issue 8: a crisis-signalling post is posted (never rejected), its author is
// shown the support block at once, and it enters the queue first, marked urgent, with every
// moderator alerted.

let t: TestApp
let member: Person
let moderator: Person
let admin: Person

beforeAll(async () => {
  t = await createTestApp()
  member = await person(t.app)
  moderator = await person(t.app, ['member', 'moderator'])
  admin = await person(t.app, ['member', 'admin'])
})
afterAll(() => t.close())

describe('a member in crisis', () => {
  it('is posted with the support block, jumps the queue as urgent and alerts moderators', async () => {
    // A much-reported ordinary item, to show urgency outranks report counts.
    const { intention_id: reported } = await postIntention(t.app, member.cookie)
    for (let i = 0; i < 2; i += 1)
      await reportIntention(t.app, (await person(t.app)).cookie, reported)

    const response = await call(
      t.app,
      member.cookie,
      'POST',
      '/api/v1/intentions',
      intentionInput({
        details:
          'Some nights I feel like I want to die. Please pray for me, I do not know who else to tell.',
      }),
    )
    expect(response.statusCode, response.body).toBe(201)
    const created = response.json()
    expect(created.support).toEqual(DEFAULT_CRISIS_SUPPORT)

    const queue = await queueOf(t.app, moderator.cookie)
    expect(queue.items.map((item) => [item.target.id, item.urgent])).toEqual([
      [created.intention_id, true],
      [reported, false],
    ])
    expect(queue.items[0]).toMatchObject({ reportCount: 0, lastReportedAt: null })
    // Urgent is not hidden: the member must still be met by the community's prayers.
    const feed = await call(t.app, moderator.cookie, 'GET', '/api/v1/intentions')
    expect(feed.json().items.map((item: { intention_id: string }) => item.intention_id)).toContain(
      created.intention_id,
    )

    for (const who of [moderator, admin]) {
      const [alert] = (await listFor(t.app, who.cookie)).items
      expect(alert).toMatchObject({
        type: 'ModerationAlert',
        title: CRISIS_ALERT_TITLE,
        data: { targetType: 'intention', targetId: created.intention_id },
      })
    }
    expect(
      (await listFor(t.app, member.cookie)).items.some((n) => n.type === 'ModerationAlert'),
    ).toBe(false)

    // An edit that still speaks of crisis adds no second flag nor alert.
    const edit = await call(
      t.app,
      member.cookie,
      'PATCH',
      `/api/v1/intentions/${created.intention_id}`,
      {
        title: created.title,
        details:
          'I still want to die some days, but your prayers have helped me through this week.',
        tags: [],
        expected_updated_at: created.updated_at,
      },
    )
    expect(edit.statusCode, edit.body).toBe(200)
    expect(
      (await listFor(t.app, moderator.cookie)).items.filter((n) => n.type === 'ModerationAlert'),
    ).toHaveLength(1)

    await act(
      t.app,
      moderator.cookie,
      'dismiss',
      { type: 'intention', id: created.intention_id },
      { note: 'Reached out privately' },
    )
    expect((await queueOf(t.app, moderator.cookie)).items[0]?.target.id).toBe(reported)

    // A new cry for help after that review is a new urgent item and a new alert.
    const again = await call(
      t.app,
      member.cookie,
      'PATCH',
      `/api/v1/intentions/${created.intention_id}`,
      {
        title: created.title,
        details: 'It got worse again tonight and I want to end my life. Please pray for me now.',
        tags: [],
        expected_updated_at: edit.json().updated_at,
      },
    )
    expect(again.statusCode, again.body).toBe(200)
    expect((await queueOf(t.app, moderator.cookie)).items[0]).toMatchObject({
      target: { id: created.intention_id },
      urgent: true,
    })
    const alerts = (await listFor(t.app, moderator.cookie)).items.filter(
      (n) => n.type === 'ModerationAlert',
    )
    expect(alerts).toHaveLength(2)
  })

  it('flags comments and testimonies too', async () => {
    const { intention_id: id } = await postIntention(t.app, moderator.cookie)
    const comment = await postComment(t.app, member.cookie, id, 'I have been hurting myself again')
    expect(comment.support).toBeDefined()
    const testimony = await postTestimony(t.app, member.cookie, {
      text: 'A year ago I wanted to end my life. Today I am thankful to be alive and loved.',
    })
    expect(testimony.support).toBeDefined()
    const urgent = (await queueOf(t.app, admin.cookie)).items.filter((item) => item.urgent)
    expect(urgent.map((item) => [item.target.type, item.target.id])).toEqual(
      expect.arrayContaining([
        ['comment', comment.comment_id],
        ['testimony', testimony.testimony_id],
      ]),
    )
  })
})
