import { readFileSync } from 'node:fs'
import { request as httpRequest } from 'node:http'
import { join } from 'node:path'
import { HttpTransportType, HubConnectionState } from '@microsoft/signalr'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Notification } from '@contract/notifications'
import { startStack, type Stack } from '../../scripts/stack/start-stack.mjs'
import { AUTH_LIMITS } from '../../server/rate-limit/auth-limits'
import { createDatabase, type DatabaseHandle } from '../../server/db/client'
import { connectAs, eventOf } from '../helpers/live-app'
import { createEmptyDatabase } from '../helpers/server-process'
import { createUser, sessionCookie, TEST_PASSWORD, type TestUser } from '../helpers/users'
import { intentionInput } from '../helpers/wall'

// Issue 23: two app processes on PostgreSQL and Redis behind Debian's nginx, as `npm run stack`
// runs them (from source here, no build). Needs both services: the CI stage that sets
// TEST_DATABASE_URL and TEST_REDIS_URL runs it; the PGlite-only stage lists it as skipped.
const pgUrl = process.env.TEST_DATABASE_URL ?? ''
const redisUrl = process.env.TEST_REDIS_URL ?? ''

let stack: Stack
let database: DatabaseHandle
let dropDatabase: () => Promise<unknown> = async () => {}
type Member = TestUser & { cookie: string; token: string }
let onA: Member
let onB: Member

async function upstreamOf(cookie: string) {
  const response = await fetch(`${stack.url}/api/v1/users/me`, { headers: { cookie } })
  expect(response.status).toBe(200)
  return response.headers.get('x-upstream')
}

// Members land on a process by a hash of their session cookie: make members until one is there.
async function memberOn(upstream: string): Promise<Member> {
  for (let attempt = 0; attempt < 30; attempt += 1) {
    const user = await createUser(database.db)
    const { cookie, token } = await sessionCookie(database.db, user.id, 'stack test')
    if ((await upstreamOf(cookie)) === upstream) return { ...user, cookie, token }
  }
  throw new Error(`no member landed on ${upstream}`)
}

async function post(member: Member, path: string, body: object) {
  const response = await fetch(`${stack.url}${path}`, {
    method: 'POST',
    headers: { cookie: member.cookie, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  return {
    status: response.status,
    upstream: response.headers.get('x-upstream'),
    body: await response.json(),
  }
}

beforeAll(async () => {
  if (!pgUrl || !redisUrl) return
  const target = await createEmptyDatabase(pgUrl, 'stack')
  dropDatabase = target.drop
  stack = await startStack({
    databaseUrl: target.url,
    redisUrl,
    app: { command: process.execPath, args: ['--import', 'tsx', 'server/main.ts'] },
    env: { APP_ENV: 'test', TSX_TSCONFIG_PATH: 'tsconfig.node.json' },
  })
  database = await createDatabase({ databaseUrl: target.url, dataDir: '' })
  onA = await memberOn(stack.upstreams[0]!)
  onB = await memberOn(stack.upstreams[1]!)
}, 240_000)

afterAll(async () => {
  await stack?.stop()
  await database?.close()
  await dropDatabase()
}, 60_000)

describe.runIf(!!pgUrl && !!redisUrl)('two processes behind nginx (PostgreSQL + Redis)', () => {
  it.each([
    ['WebSockets', HttpTransportType.WebSockets],
    ['Server-Sent Events', HttpTransportType.ServerSentEvents],
    ['Long Polling', HttpTransportType.LongPolling],
  ])('a prayer on process A notifies the member on process B over %s', async (_name, transport) => {
    const created = await post(onB, '/api/v1/intentions', intentionInput())
    expect(created).toMatchObject({ status: 201, upstream: stack.upstreams[1] })
    const id = created.body.intention_id as string
    const connection = connectAs(stack.url, onB.cookie, transport)
    await connection.start()
    try {
      const notified = eventOf<Notification>(
        connection,
        'NewNotification',
        (n) => n.sourceIntentionId === id,
      )
      const prayed = await post(onA, `/api/v1/intentions/${id}/pray`, {})
      expect(prayed).toMatchObject({ status: 200, upstream: stack.upstreams[0] })
      expect(await notified).toMatchObject({ type: 'PrayerReaction', sourceIntentionId: id })
    } finally {
      await connection.stop()
    }
  })

  it.each([
    ['Long Polling', HttpTransportType.LongPolling],
    ['Server-Sent Events', HttpTransportType.ServerSentEvents],
  ])('a %s client keeps working across 50 polls (sticky)', async (_name, transport) => {
    const created = await post(onA, '/api/v1/intentions', intentionInput())
    const id = created.body.intention_id as string
    const connection = connectAs(stack.url, onB.cookie, transport)
    await connection.start()
    try {
      // Each call is a POST to the process holding the connection and (long polling) a poll
      // for its answer; one request routed to the other process would end the connection.
      for (let call = 0; call < 50; call += 1)
        expect(await connection.invoke('WatchIntentions', [id])).toEqual({ watching: [id] })
      expect(connection.state).toBe(HubConnectionState.Connected)
    } finally {
      await connection.stop()
    }
  })

  it('logs one line per request with ids that reach the hub, and no email, token or prayer text', async () => {
    const title = 'Please pray for my brother Thaddeus and his new job'
    const signIn = await fetch(`${stack.url}/auth/password`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: onA.email, password: TEST_PASSWORD, rememberMe: true }),
    })
    expect(signIn.ok).toBe(true)
    const posted = await post(onA, '/api/v1/intentions', intentionInput({ title }))
    expect(posted.status).toBe(201)

    const lines = stack.processes.flatMap((process) => process.lines)
    const logs = [...lines, readFileSync(join(stack.dir, 'access.log'), 'utf8')].join('\n')
    for (const secret of [
      onA.email,
      onB.email,
      onA.token,
      onB.token,
      TEST_PASSWORD,
      title,
      intentionInput().details,
    ])
      expect(logs).not.toContain(secret)

    const entries = lines.flatMap((line) =>
      line.startsWith('{') ? [JSON.parse(line) as Record<string, unknown>] : [],
    )
    const requests = entries.filter((entry) => entry.msg === 'request')
    expect(requests.length).toBeGreaterThan(100)
    for (const entry of requests) expect(entry.reqId).toMatch(/^[A-Za-z0-9._-]{8,64}$/)
    // The hub's lines carry the id of the negotiate request that opened the connection.
    const negotiations = new Set(
      requests.filter((r) => r.route === '/hub/notifications/negotiate').map((r) => r.reqId),
    )
    const closed = entries.filter((entry) => entry.msg === 'hub connection closed')
    expect(closed.length).toBeGreaterThanOrEqual(5)
    for (const entry of closed) expect(negotiations.has(entry.reqId)).toBe(true)
  })
})

// Issue 37: a client that sends its own X-Forwarded-For must still be counted at the address
// nginx saw: not at the address it claims, nor at nginx's own (which would lump every client
// together). Clients here come from random loopback addresses (Linux answers all of 127/8), so
// the per-IP counters in the shared Redis start at zero and the other tests keep theirs.
describe.runIf(!!pgUrl && !!redisUrl)('a forged X-Forwarded-For through nginx', () => {
  const octet = () => 1 + Math.floor(Math.random() * 250)
  const loopback = () => `127.${octet()}.${octet()}.${octet()}`
  let forged = 0
  // From one machine, claiming another made-up address on every request, as a script would.
  const send = (from: string, method: string, path: string, body?: object) =>
    new Promise<{ status: number; title?: string }>((resolve, reject) => {
      const request = httpRequest(
        new URL(path, stack.url),
        {
          method,
          localAddress: from,
          headers: {
            'x-forwarded-for': `203.0.113.${(forged += 1) % 250}`,
            ...(body ? { 'content-type': 'application/json' } : {}),
          },
        },
        (response) => {
          let text = ''
          response.on('data', (chunk: Buffer) => (text += chunk.toString()))
          response.on('end', () =>
            resolve({
              status: response.statusCode ?? 0,
              title: text.startsWith('{')
                ? (JSON.parse(text) as { title?: string }).title
                : undefined,
            }),
          )
        },
      )
      request.on('error', reject)
      request.end(body ? JSON.stringify(body) : undefined)
    })
  const wrongPassword = (from: string, email: string) =>
    send(from, 'POST', '/auth/password', {
      email,
      password: 'Not-the-password-1',
      rememberMe: false,
    })

  it('still asks for the "not a robot" check after 3 failed passwords from one machine', async () => {
    const [machine, neighbour] = [loopback(), loopback()]
    // Another account each time, so only the address's count can be what asks for the check.
    for (let i = 0; i < 3; i += 1)
      expect(await wrongPassword(machine, `forger-${i}@example.test`)).toEqual({
        status: 401,
        title: 'invalid_credentials',
      })
    expect(await wrongPassword(machine, 'forger-3@example.test')).toEqual({
      status: 401,
      title: 'captcha_required',
    })
    expect(await wrongPassword(neighbour, 'neighbour@example.test')).toEqual({
      status: 401,
      title: 'invalid_credentials',
    })
  })

  it('still runs into the per-IP rate limit', async () => {
    const [machine, neighbour] = [loopback(), loopback()]
    const limit = AUTH_LIMITS.identifier.perIp
    const answers = []
    for (let i = 0; i <= limit; i += 1)
      answers.push((await send(machine, 'GET', '/auth/captcha')).status)
    expect(answers.slice(0, limit).every((status) => status === 200)).toBe(true)
    expect(answers[limit]).toBe(429)
    expect((await send(neighbour, 'GET', '/auth/captcha')).status).toBe(200)
  }, 60_000)
})
