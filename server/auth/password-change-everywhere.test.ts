import type { HubConnection } from '@microsoft/signalr'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { lastLinkTo } from '../../tests/helpers/mailbox'
import { createUser, signIn, type TestUser } from '../../tests/helpers/users'
import { connectAs, type LiveApp } from '../../tests/helpers/live-app'
import { startTwoProcesses, type TwoProcesses } from '../../tests/helpers/two-processes'

// Issue 39: a password change ends every OTHER session at once on every process, and their hub
// connections; a reset ends them all. Two app processes on one database (on PostgreSQL B has a
// pool of its own, as another process would), sharing Redis when TEST_REDIS_URL is set.
let n = 0
const NEW = 'Morning-Candle-2026'
let world: TwoProcesses
let a: LiveApp
let b: LiveApp

beforeAll(async () => {
  world = await startTwoProcesses('password-change')
  ;({ a, b } = world)
}, 60_000)
afterAll(() => world.close())

const statusOn = async (live: LiveApp, cookie: string) =>
  (await live.app.inject({ method: 'GET', url: '/api/v1/users/me', headers: { cookie } }))
    .statusCode
const elsewhere = (read: () => Promise<unknown>) => expect.poll(read, { timeout: 5_000 })

/** A member with a session seen (so cached) by both processes and a hub connection on B. */
async function signedInOnBoth(user: TestUser) {
  const cookie = await signIn(a.app, user)
  expect(await statusOn(a, cookie)).toBe(200)
  expect(await statusOn(b, cookie)).toBe(200)
  const hub = connectAs(b.url, cookie)
  await hub.start()
  const closed = new Promise<Error | undefined>((resolve) => hub.onclose(resolve))
  return { cookie, hub, closed }
}

const stillOpen = async (hub: HubConnection) => {
  await new Promise((resolve) => setTimeout(resolve, 300))
  return hub.state
}

describe('ending sessions on every process', () => {
  it('a password change ends the other sessions and their hub connections at once, not this one', async () => {
    const user = await createUser(world.database.db)
    const here = await signedInOnBoth(user)
    const there = await signedInOnBoth(user)
    const changed = await a.app.inject({
      method: 'POST',
      url: '/api/v1/users/me/password',
      headers: { cookie: here.cookie },
      payload: { current_password: user.password, new_password: NEW },
    })
    expect(changed.statusCode).toBe(204)
    expect(await statusOn(a, there.cookie)).toBe(401)
    await elsewhere(() => statusOn(b, there.cookie)).toBe(401)
    expect((await there.closed)?.message).toMatch(/session has ended/)
    expect(await statusOn(a, here.cookie)).toBe(200)
    expect(await statusOn(b, here.cookie)).toBe(200)
    expect(await stillOpen(here.hub)).toBe('Connected')
    await here.hub.stop()
  })

  it('a password reset ends every session of the account, hub connections included', async () => {
    const user = await createUser(world.database.db)
    const first = await signedInOnBoth(user)
    const second = await signedInOnBoth(user)
    const asked = await a.app.inject({
      method: 'POST',
      url: '/auth/forgot-password',
      remoteAddress: `10.6.0.${++n}`,
      payload: { email: user.email },
    })
    expect(asked.statusCode).toBe(202)
    // Whichever process delivered the event mailed the link, from its own dev mailbox.
    const mailedToken = async () => {
      for (const live of [a, b]) {
        const link = await lastLinkTo(live.app, user.email).catch(() => null)
        if (link) return link.searchParams.get('token') ?? ''
      }
      return ''
    }
    await expect.poll(mailedToken).not.toBe('')
    const token = await mailedToken()
    const reset = await a.app.inject({
      method: 'POST',
      url: '/auth/reset-password',
      remoteAddress: `10.6.1.${++n}`,
      payload: { token, newPassword: NEW, confirmPassword: NEW },
    })
    expect(reset.statusCode).toBe(204)
    for (const session of [first, second]) {
      expect(await statusOn(a, session.cookie)).toBe(401)
      await elsewhere(() => statusOn(b, session.cookie)).toBe(401)
      expect((await session.closed)?.message).toMatch(/session has ended/)
    }
  })
})
