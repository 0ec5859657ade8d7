import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { HubEvent, HubMethod } from '@contract/hub'
import { createUser, signIn } from '../../tests/helpers/users'
import { postIntention } from '../../tests/helpers/wall'
import { connectAs, eventOf, type LiveApp } from '../../tests/helpers/live-app'
import { startTwoProcesses, type TwoProcesses } from '../../tests/helpers/two-processes'

// Issue 40: deleting an account on one process ends its hub connections on every process and
// its sessions there, and a wall open on another process hears that its request is gone.
// Two app processes on one database (B has its own pool on PostgreSQL), sharing Redis when
// TEST_REDIS_URL is set.
let world: TwoProcesses
let a: LiveApp
let b: LiveApp

beforeAll(async () => {
  world = await startTwoProcesses('account-deletion')
  ;({ a, b } = world)
}, 60_000)
afterAll(() => world.close())

const statusOn = async (live: LiveApp, cookie: string) =>
  (await live.app.inject({ method: 'GET', url: '/api/v1/users/me', headers: { cookie } }))
    .statusCode

describe('deleting an account with several processes', () => {
  it('closes its hub connections on each process and drops its request from an open wall', async () => {
    const ann = await createUser(world.database.db)
    const bea = await createUser(world.database.db)
    const annCookie = await signIn(a.app, ann)
    const beaCookie = await signIn(a.app, bea)
    const post = await postIntention(a.app, annCookie)
    // Ann's session is known (cached) on both processes, with a hub connection on each.
    const connections = [connectAs(a.url, annCookie), connectAs(b.url, annCookie)]
    const closed = connections.map(
      (hub) => new Promise<Error | undefined>((resolve) => hub.onclose(resolve)),
    )
    for (const hub of connections) await hub.start()
    expect(await statusOn(a, annCookie)).toBe(200)
    expect(await statusOn(b, annCookie)).toBe(200)
    // Bea's wall, on process B, watches Ann's request.
    const wall = connectAs(b.url, beaCookie)
    await wall.start()
    await wall.invoke(HubMethod.WatchIntentions, [post.intention_id])
    const removed = eventOf<{ intentionId: string }>(wall, HubEvent.IntentionRemoved)

    const deleted = await a.app.inject({
      method: 'DELETE',
      url: '/api/v1/users/me',
      headers: { cookie: annCookie },
      payload: { password: ann.password, confirm: ann.displayName },
    })
    expect(deleted.statusCode, deleted.body).toBe(204)

    expect(await removed).toEqual({ intentionId: post.intention_id })
    for (const reason of await Promise.all(closed))
      expect(reason?.message).toMatch(/session has ended/)
    expect(await statusOn(a, annCookie)).toBe(401)
    await expect.poll(() => statusOn(b, annCookie), { timeout: 5_000 }).toBe(401)
    expect(wall.state).toBe('Connected')
    await wall.stop()
  })
})
