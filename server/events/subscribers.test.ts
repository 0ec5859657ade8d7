import { and, eq, gt, inArray } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { expectLoggedError } from '../../tests/helpers/logged-errors'
import { createTestApp, type TestApp } from '../../tests/helpers/test-app'
import { createUser, signIn } from '../../tests/helpers/users'
import { postIntention } from '../../tests/helpers/wall'
import { postComment } from '../../tests/helpers/comments-api'
import { moderationFlagsTable } from '../moderation/moderation.table'
import { person, type Person } from '../../tests/helpers/moderation-api'
import { rowsOf, write } from '../../tests/helpers/notifications-api'
import type { DomainEvent, DomainEventType } from './domain-events'
import { listParked } from './event-health'
import { domainEventsTable, eventDeliveriesTable } from './events.table'

// Each subscriber of the app as it is built, through real writes: a redelivered event changes
// nothing a member sees; one that fails twice (once before and once after doing its work) ends
// delivered once; one that always fails is parked while the others still run.

let t: TestApp
let author: Person
let friend: Person
let moderator: Person

beforeAll(async () => {
  t = await createTestApp({ eventRetryDelaysMs: [0, 0] })
  author = await person(t.app)
  friend = await person(t.app)
  moderator = await person(t.app, ['member', 'moderator'])
})
const spies: { mockRestore(): void }[] = []
afterEach(() => {
  for (const spy of spies.splice(0)) spy.mockRestore()
})
afterAll(() => t.close())

interface Case {
  subscriber: string
  type: DomainEventType
  /** The write, through the API. */
  act(): Promise<void>
  /** What members see of this subscriber's work, to compare. */
  seen(): Promise<unknown>
  /** What they must see after one delivery. */
  once: unknown
}

let intentionId = ''
let commentId = ''
let revalidations = 0
/** Each CounterUpdate sent, with its group: a previous case's trailing send may land late. */
const sentCounters: { group: string; args: string }[] = []

function counterSpy() {
  const sendToGroup = t.app.hub.sendToGroup.bind(t.app.hub)
  const spy = vi.spyOn(t.app.hub, 'sendToGroup').mockImplementation(async (group, target, args) => {
    sentCounters.push({ group, args: JSON.stringify(args) })
    return sendToGroup(group, target, args)
  })
  spies.push(spy)
}

const pray = async () => {
  intentionId = (await postIntention(t.app, author.cookie)).intention_id
  const response = await write(t.app, friend.cookie, 'POST', `/api/v1/intentions/${intentionId}/pray`)
  expect(response.statusCode).toBe(200)
}

const cases: Case[] = [
  {
    subscriber: 'notifications',
    type: 'PrayerRecorded',
    act: pray,
    seen: async () =>
      (await rowsOf(t.db, author.id))
        .filter((row) => row.sourceIntentionId === intentionId)
        .map((row) => [row.type, row.title]),
    get once() {
      return [['PrayerReaction', `${friend.displayName} prayed for your intention`]]
    },
  },
  {
    subscriber: 'moderation',
    type: 'CommentPosted',
    act: async () => {
      intentionId = (await postIntention(t.app, author.cookie)).intention_id
      const text = 'I have been hurting myself again'
      commentId = (await postComment(t.app, friend.cookie, intentionId, text)).comment_id
    },
    seen: async () => {
      const flags = await t.db
        .select()
        .from(moderationFlagsTable)
        .where(eq(moderationFlagsTable.targetId, commentId))
      const alerts = (await rowsOf(t.db, moderator.id, 'ModerationAlert')).filter(
        (row) => (row.data as { targetId?: string } | null)?.targetId === commentId,
      )
      return { flags: flags.map((flag) => flag.reason), alerts: alerts.length }
    },
    once: { flags: ['crisis'], alerts: 1 },
  },
  {
    subscriber: 'live-counters',
    type: 'PrayerRecorded',
    act: async () => {
      sentCounters.length = 0
      counterSpy()
      await pray()
    },
    // Filtered when read: the previous case's window may still send for its own prayer while
    // this case's is being posted (and intentionId still names the previous one).
    seen: async () =>
      [
        ...new Set(
          sentCounters
            .filter(({ group }) => group === `intention:${intentionId}`)
            .map(({ args }) => args),
        ),
      ].map((args) => JSON.parse(args) as unknown),
    get once() {
      return [[{ intentionId, prayed_count: 1, amen_count: 0, candle_count: 0, comments_count: 0 }]]
    },
  },
  {
    subscriber: 'hub-sessions',
    type: 'SessionEnded',
    act: async () => {
      const member = await createUser(t.db)
      const cookie = await signIn(t.app, member)
      revalidations = 0
      const revalidate = t.app.hub.revalidate.bind(t.app.hub)
      const spy = vi.spyOn(t.app.hub, 'revalidate').mockImplementation(async () => {
        revalidations += 1
        return revalidate()
      })
      spies.push(spy)
      expect((await write(t.app, cookie, 'POST', '/auth/logout')).statusCode).toBe(204)
    },
    seen: async () => revalidations > 0,
    once: true,
  },
]

/** The events the case's write raised since `marker`, of its type. */
async function eventsSince(marker: string, type: DomainEventType) {
  return t.db
    .select({ id: domainEventsTable.id })
    .from(domainEventsTable)
    .where(and(gt(domainEventsTable.id, marker), eq(domainEventsTable.type, type)))
}

async function lastEventId() {
  const rows = await t.db.select({ id: domainEventsTable.id }).from(domainEventsTable)
  return rows.map((row) => row.id).sort().at(-1) ?? '00000000-0000-0000-0000-000000000000'
}

/** Replaces the subscriber's handler for `type` by `wrap(original, attempt)` while `run` runs. */
async function withHandler(
  name: string,
  type: DomainEventType,
  wrap: (
    original: (event: DomainEvent) => Promise<void>,
    event: DomainEvent,
    attempt: number,
  ) => Promise<void>,
  run: () => Promise<void>,
) {
  const subscriber = t.app.events.subscribers.find((candidate) => candidate.name === name)!
  const handlers = subscriber.on as Record<string, (event: DomainEvent) => Promise<void>>
  const original = handlers[type]!
  let attempt = 0
  handlers[type] = (event) => wrap(original, event, ++attempt)
  try {
    await run()
  } finally {
    handlers[type] = original
  }
}

describe.each(cases)('the $subscriber subscriber', (c) => {
  it('changes nothing when an event is delivered again', async () => {
    const marker = await lastEventId()
    await c.act()
    expect(await c.seen()).toEqual(c.once)
    const ids = (await eventsSince(marker, c.type)).map((row) => row.id)
    const mine = and(
      inArray(eventDeliveriesTable.eventId, ids),
      eq(eventDeliveriesTable.subscriber, c.subscriber),
    )
    const redelivered = await t.db
      .update(eventDeliveriesTable)
      .set({ doneAt: null, attempts: 0 })
      .where(mine)
      .returning()
    expect(redelivered.length).toBeGreaterThan(0)
    await t.app.events.drain()
    expect(await c.seen()).toEqual(c.once)
  })

  it('delivers once when it fails twice and then succeeds', async () => {
    const marker = await lastEventId()
    await withHandler(
      c.subscriber,
      c.type,
      async (original, event, attempt) => {
        if (attempt === 1) throw new Error('failed before doing anything')
        await original(event)
        if (attempt === 2) throw new Error('failed after doing its work')
      },
      c.act,
    )
    expect(await c.seen()).toEqual(c.once)
    const ids = (await eventsSince(marker, c.type)).map((row) => row.id)
    const [delivery] = await t.db
      .select()
      .from(eventDeliveriesTable)
      .where(
        and(
          inArray(eventDeliveriesTable.eventId, ids),
          eq(eventDeliveriesTable.subscriber, c.subscriber),
        ),
      )
    expect(delivery).toMatchObject({ attempts: 3, parkedAt: null })
    expect(delivery!.doneAt).not.toBeNull()
  })

  it('is parked when it always fails, and the other subscribers still run', async () => {
    expectLoggedError(/^event parked: /)
    const marker = await lastEventId()
    await withHandler(
      c.subscriber,
      c.type,
      async () => {
        throw new Error('always fails')
      },
      c.act,
    )
    const ids = (await eventsSince(marker, c.type)).map((row) => row.id)
    const parked = (await listParked(t.db)).filter((row) => ids.includes(row.eventId))
    expect(parked).toEqual([
      expect.objectContaining({ subscriber: c.subscriber, type: c.type, attempts: 3 }),
    ])
    const others = await t.db
      .select()
      .from(eventDeliveriesTable)
      .where(inArray(eventDeliveriesTable.eventId, ids))
    for (const other of others.filter((row) => row.subscriber !== c.subscriber))
      expect(other.doneAt, other.subscriber).not.toBeNull()
  })
})
