import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { HubEvent } from '@contract/hub'
import { call } from '../../tests/helpers/call'
import { createTestApp, type TestApp } from '../../tests/helpers/test-app'
import { createUser, signIn } from '../../tests/helpers/users'
import { postIntention } from '../../tests/helpers/wall'
import { sendBatch } from '../sync/testing/sync-world'

// Issue 38's show_prayer_counts: hidden, a request's prayer count leaves the server for its
// author alone, through every answer that carries one (feed, detail, writes, prayer list, who
// prayed, the sync batch, the hub's CounterUpdate). Shown again, everyone sees it again.
let t: TestApp
let admin: string
let author: { id: string; cookie: string }
let member: string

beforeAll(async () => {
  t = await createTestApp()
  admin = await signIn(t.app, await createUser(t.db, { roles: ['member', 'admin'] }))
  const user = await createUser(t.db)
  author = { id: user.id, cookie: await signIn(t.app, user) }
  member = await signIn(t.app, await createUser(t.db))
})
afterAll(() => t.close())

const setCounts = async (show: boolean) => {
  const saved = await call(t.app, admin, 'PUT', '/api/v1/admin/community', {
    show_prayer_counts: show,
  })
  expect(saved.statusCode, saved.body).toBe(200)
}

describe('hidden prayer counts', () => {
  it('reach the author and nobody else, on every answer, until shown again', async () => {
    const { intention_id: id } = await postIntention(t.app, author.cookie, {
      identity_mode: 'anonymous',
    })
    const path = `/api/v1/intentions/${id}`
    // The feed cached with counts before the change must not serve them after it.
    expect((await call(t.app, member, 'GET', '/api/v1/intentions')).json().items[0]).toHaveProperty(
      'prayed_count',
    )
    await setCounts(false)
    const atOnce = await call(t.app, member, 'GET', '/api/v1/intentions')

    const prayed = await call(t.app, member, 'POST', `${path}/pray`)
    expect(prayed.json()).toEqual(expect.objectContaining({ has_prayed: true }))
    await call(t.app, member, 'PUT', `/api/v1/prayer-list/${id}`)
    const batch = await sendBatch(t.app, member, [
      { key: 'hidden-1', method: 'POST', path: `${path}/pray` },
      { key: 'hidden-2', method: 'POST', path: `${path}/reactions`, body: { kind: 'candle' } },
    ])
    const memberAnswers = [
      atOnce,
      prayed,
      await call(t.app, member, 'GET', '/api/v1/intentions'),
      await call(t.app, member, 'GET', '/api/v1/intentions'), // from the cache
      await call(t.app, member, 'GET', path),
      await call(t.app, member, 'GET', '/api/v1/prayer-list'),
      await call(t.app, member, 'POST', `${path}/reactions`, { kind: 'amen', active: true }),
      batch,
    ]
    for (const answer of memberAnswers) {
      expect(answer.statusCode, answer.body).toBeLessThan(300)
      expect(answer.body).not.toContain('prayed_count')
    }
    // Who prayed would be the count: the list is the author's too.
    const reactors = await call(t.app, member, 'GET', `${path}/reactions?type=prayed`)
    expect(reactors.json().items).toEqual([])
    expect((await call(t.app, member, 'GET', `${path}/reactions?type=amen`)).json().items).toEqual([
      expect.objectContaining({ is_you: true }),
    ])

    const mine = (await call(t.app, author.cookie, 'GET', path)).json()
    expect(mine.prayed_count).toBe(1)
    const wall = (await call(t.app, author.cookie, 'GET', '/api/v1/intentions')).json()
    expect(wall.items[0]).toEqual(expect.objectContaining({ intention_id: id, prayed_count: 1 }))
    const authorReactors = await call(t.app, author.cookie, 'GET', `${path}/reactions?type=prayed`)
    expect(authorReactors.json().items).toHaveLength(1)

    await setCounts(true)
    const shown = (await call(t.app, member, 'GET', path)).json()
    expect(shown.prayed_count).toBe(1)
    const feed = (await call(t.app, member, 'GET', '/api/v1/intentions')).json()
    expect(feed.items[0]).toEqual(expect.objectContaining({ prayed_count: 1 }))
  })

  it('send the live count to the author alone, never naming an anonymous author to watchers', async () => {
    await setCounts(false)
    const { intention_id: id } = await postIntention(t.app, author.cookie, {
      identity_mode: 'anonymous',
    })
    const sent: { to: string; target: string; args: readonly unknown[] }[] = []
    const hub = t.app.hubSender
    const record = async (to: string, target: string, args: readonly unknown[]) => {
      sent.push({ to, target, args })
    }
    const toGroup = vi.spyOn(hub, 'sendToGroup').mockImplementation(record)
    const toUser = vi.spyOn(hub, 'sendToUser').mockImplementation(record)
    try {
      await call(t.app, member, 'POST', `/api/v1/intentions/${id}/pray`)
      await vi.waitFor(() =>
        expect(sent.filter(({ target }) => target === HubEvent.CounterUpdate)).toHaveLength(2),
      )
    } finally {
      toGroup.mockRestore()
      toUser.mockRestore()
    }
    const counters = sent.filter(({ target }) => target === HubEvent.CounterUpdate)
    expect(counters).toEqual([
      {
        to: `intention:${id}`,
        target: HubEvent.CounterUpdate,
        args: [{ intentionId: id, amen_count: 0, candle_count: 0, comments_count: 0 }],
      },
      {
        to: author.id,
        target: HubEvent.CounterUpdate,
        args: [{ intentionId: id, prayed_count: 1 }],
      },
    ])
    await setCounts(true)
  })
})
