import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { HubEvent } from '@contract/hub'
import { createTestApp, type TestApp } from '../../tests/helpers/test-app'
import { createUser, signIn } from '../../tests/helpers/users'
import { postIntention } from '../../tests/helpers/wall'
import { sendBatch } from '../sync/testing/sync-world'

// A drained outbox brings many writes on one prayer at once (issue 19): the counts each write
// moved reach the watchers once, and the author's unread count once, both as they end.

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

describe('counts sent after a batch of deliveries', () => {
  it("a prayer's counts and its author's unread count go out once, with the final numbers", async () => {
    const author = await createUser(t.db)
    const { intention_id: id } = await postIntention(t.app, await signIn(t.app, author))
    const friend = await signIn(t.app, await createUser(t.db))
    const sent: { to: string; target: string; args: readonly unknown[] }[] = []
    const hub = t.app.hubSender
    const toGroup = vi.spyOn(hub, 'sendToGroup').mockImplementation(async (to, target, args) => {
      sent.push({ to, target, args })
    })
    const toUser = vi.spyOn(hub, 'sendToUser').mockImplementation(async (to, target, args) => {
      sent.push({ to, target, args })
    })

    const path = `/api/v1/intentions/${id}`
    const answer = await sendBatch(t.app, friend, [
      { key: 'd-1', method: 'POST', path: `${path}/pray` },
      {
        key: 'd-2',
        method: 'POST',
        path: `${path}/reactions`,
        body: { kind: 'amen', active: true },
      },
      {
        key: 'd-3',
        method: 'POST',
        path: `${path}/reactions`,
        body: { kind: 'candle', active: true },
      },
      { key: 'd-4', method: 'POST', path: `${path}/comments`, body: { content: 'With you.' } },
      { key: 'd-5', method: 'POST', path: `${path}/comments`, body: { content: 'Still here.' } },
    ])
    expect(answer.statusCode).toBe(200)
    toGroup.mockRestore()
    toUser.mockRestore()

    const counters = sent.filter(({ target }) => target === HubEvent.CounterUpdate)
    expect(counters).toEqual([
      {
        to: `intention:${id}`,
        target: HubEvent.CounterUpdate,
        args: [
          { intentionId: id, prayed_count: 1, amen_count: 1, candle_count: 1, comments_count: 2 },
        ],
      },
    ])
    const raised = sent.filter(({ target }) => target === HubEvent.NewNotification)
    const unread = sent.filter(({ target }) => target === HubEvent.UnreadCountUpdate)
    // Five notifications, four entries: the two comments fold into one (issue 47).
    expect(raised).toHaveLength(5)
    expect(unread).toEqual([
      { to: author.id, target: HubEvent.UnreadCountUpdate, args: [{ unreadCount: 4 }] },
    ])
    // Each count went after the notifications it counts.
    expect(sent.indexOf(unread[0]!)).toBeGreaterThan(sent.indexOf(raised.at(-1)!))
  })
})
