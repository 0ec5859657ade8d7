import { fork } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { HttpTransportType, type HubConnection } from '@microsoft/signalr'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { createInProcessBackplane, type Backplane, type BackplaneMessage } from './backplane'
import {
  buildClient,
  HUB_TEST_KEEP_ALIVE_MS,
  HUB_TEST_TIMEOUT_MS,
  type HubTestServer,
} from './hub-test-server'
import { createRedisBackplane } from './redis-backplane'
import { ROSTER_EVENT, startRosterHub } from './testing/roster-hub'

// Rosters (issue 21): who is in a group, with names, the same on every process, and no ghosts
// once a process dies (its members leave within the client timeout).

interface RosterView {
  group: string
  count: number
  names: string[]
}

const open: HubConnection[] = []
afterEach(async () => {
  await Promise.all(open.splice(0).map((connection) => connection.stop()))
})

async function connect(url: string, cookie = 'session=alice-session') {
  const { connection } = buildClient(url, HttpTransportType.WebSockets, { cookie })
  open.push(connection)
  await connection.start()
  return connection
}

/** Resolves with the first roster view of `group` that passes `match`. */
function view(
  connection: HubConnection,
  group: string,
  match: (view: RosterView) => boolean,
  timeoutMs = 5000,
): Promise<RosterView> {
  return new Promise((resolve, reject) => {
    let last: RosterView | null = null
    const timer = setTimeout(
      () =>
        reject(
          new Error(`no matching roster within ${timeoutMs} ms; last ${JSON.stringify(last)}`),
        ),
      timeoutMs,
    )
    const handler = (seen: RosterView) => {
      if (seen.group !== group) return
      last = seen
      if (!match(seen)) return
      clearTimeout(timer)
      connection.off(ROSTER_EVENT, handler)
      resolve(seen)
    }
    connection.on(ROSTER_EVENT, handler)
  })
}

/** A backplane a test can cut, as a crash would: nothing in, nothing out, no goodbye. */
function cuttable(inner: Backplane): Backplane & { cut(): void } {
  let cut = false
  return {
    publish: async (message: BackplaneMessage) => {
      if (!cut) await inner.publish(message)
    },
    subscribe: (handler) => inner.subscribe((message) => !cut && handler(message)),
    close: () => inner.close(),
    cut: () => {
      cut = true
    },
  }
}

describe('rosters on two processes', () => {
  const shared = createInProcessBackplane()
  const crashing = cuttable(shared)
  let a: HubTestServer
  let b: HubTestServer

  beforeAll(async () => {
    a = await startRosterHub(shared)
    b = await startRosterHub(crashing)
  })
  afterAll(async () => {
    await Promise.all([a.close(), b.close()])
  })

  it('counts members on both, names only those who chose to be seen, and hears leaving', async () => {
    const group = `room:${randomUUID()}`
    const alice = await connect(a.url)
    await alice.invoke('Enter', group, true)
    const bob = await connect(b.url, 'session=bob-session')
    const both = view(alice, group, (v) => v.count === 2)
    await bob.invoke('Enter', group, false)
    expect(await both).toEqual({ group, count: 2, names: ['name of alice'] })
    expect(
      b.app.hub
        .roster(group)
        .map((m) => m.userId)
        .sort(),
    ).toEqual(['alice', 'bob'])

    const left = view(alice, group, (v) => v.count === 1)
    await bob.invoke('Exit', group)
    expect(await left).toEqual({ group, count: 1, names: ['name of alice'] })
    // Closing the connection leaves too.
    const watcher = await connect(b.url, 'session=bob-session')
    const back = view(alice, group, (v) => v.count === 2)
    await watcher.invoke('Enter', group, true)
    await back
    const gone = view(alice, group, (v) => v.count === 1)
    await watcher.stop()
    await gone
  })

  it('removes a member from the group on every process', async () => {
    const group = `room:${randomUUID()}`
    const alice = await connect(a.url)
    await alice.invoke('Enter', group, true)
    const bob = await connect(b.url, 'session=bob-session')
    const both = view(alice, group, (v) => v.count === 2)
    await bob.invoke('Enter', group, true)
    await both
    const removed = view(alice, group, (v) => v.count === 1)
    await a.app.hub.removeFromRoster(group, 'bob')
    expect(await removed).toEqual({ group, count: 1, names: ['name of alice'] })
  })

  it('forgets the members of a process that went silent, within the client timeout', async () => {
    const group = `room:${randomUUID()}`
    const alice = await connect(a.url)
    await alice.invoke('Enter', group, true)
    const bob = await connect(b.url, 'session=bob-session')
    const both = view(alice, group, (v) => v.count === 2)
    await bob.invoke('Enter', group, true)
    await both
    const started = Date.now()
    const ghostGone = view(alice, group, (v) => v.count === 1, HUB_TEST_TIMEOUT_MS * 4)
    crashing.cut()
    await ghostGone
    // Not forgotten early: the timeout runs from the silent process's last beat, which may have
    // come up to one keep-alive before the cut.
    expect(Date.now() - started).toBeGreaterThanOrEqual(
      HUB_TEST_TIMEOUT_MS - HUB_TEST_KEEP_ALIVE_MS - 100,
    )
  })
})

// CI sets TEST_REDIS_URL: a real process on the Redis backplane, killed with SIGKILL.
describe.runIf(!!process.env.TEST_REDIS_URL)('a killed process on Redis', () => {
  const url = process.env.TEST_REDIS_URL ?? ''
  const prefix = `roster-${randomUUID()}`
  let backplane: Backplane
  let a: HubTestServer

  beforeAll(async () => {
    backplane = createRedisBackplane({ url, prefix })
    a = await startRosterHub(backplane)
  })
  afterAll(async () => {
    await a.close()
    await backplane.close()
  })

  it('leaves no ghosts after the client timeout', async () => {
    const child = fork(new URL('./testing/roster-child.ts', import.meta.url), {
      execArgv: ['--import', 'tsx'],
      env: {
        ...process.env,
        TEST_REDIS_URL: url,
        ROSTER_PREFIX: prefix,
        TSX_TSCONFIG_PATH: 'tsconfig.node.json',
      },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    })
    try {
      const port = await new Promise<number>((resolve, reject) => {
        child.once('message', (message) => resolve((message as { port: number }).port))
        child.once('exit', (code) => reject(new Error(`child exited with ${code}`)))
      })
      const group = `room:${randomUUID()}`
      const alice = await connect(a.url)
      await alice.invoke('Enter', group, true)
      const bob = await connect(`http://127.0.0.1:${port}`, 'session=bob-session')
      // Listening before Bob enters: his arrival may reach Alice before his own answer.
      const both = view(alice, group, (v) => v.count === 2)
      await bob.invoke('Enter', group, true)
      await both
      const ghostGone = view(alice, group, (v) => v.count === 1, HUB_TEST_TIMEOUT_MS * 4)
      child.kill('SIGKILL')
      expect(await ghostGone).toEqual({ group, count: 1, names: ['name of alice'] })
    } finally {
      child.kill('SIGKILL')
    }
  }, 30_000)
})
