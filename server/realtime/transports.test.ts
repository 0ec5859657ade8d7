import { get, type IncomingMessage } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { WebSocket } from 'ws'
import { delay, startHubServer, type HubTestServer } from './hub-test-server'

// The wire rules of each transport, checked with raw HTTP and WebSocket requests where the
// official client would hide them (notes §1–§2: status codes, first writes, framing).
const RS = '\u001e'
const HANDSHAKE = `{"protocol":"json","version":1}${RS}`
const alice = { Cookie: 'session=alice-session' }

let server: HubTestServer
// Real time plus a skip forward, for the timeouts that are longer than a test.
let skipped = 0
const hub = (query = ''): string => `${server.url}/hub/notifications${query}`

beforeAll(async () => {
  server = await startHubServer({ now: () => Date.now() + skipped, pollTimeoutMs: 400 })
})
afterAll(async () => {
  await server.close()
})

async function negotiate(headers: Record<string, string> = alice, query = '?negotiateVersion=1') {
  const response = await fetch(hub(`/negotiate${query}`), { method: 'POST', headers })
  return {
    status: response.status,
    body: (await response.json().catch(() => null)) as Record<string, unknown>,
  }
}
const token = async (): Promise<string> => String((await negotiate()).body.connectionToken)
const post = (id: string, body: string, headers = alice) =>
  fetch(hub(`?id=${id}`), {
    method: 'POST',
    headers: { ...headers, 'Content-Type': 'text/plain;charset=UTF-8' },
    body,
  })

/** Opens an SSE stream and collects what it receives. */
function openStream(id: string): Promise<{ response: IncomingMessage; received: () => string }> {
  return new Promise((resolve, reject) => {
    const request = get(
      hub(`?id=${id}`),
      { headers: { ...alice, Accept: 'text/event-stream' } },
      (response) => {
        let text = ''
        response.setEncoding('utf8').on('data', (chunk: string) => (text += chunk))
        resolve({ response, received: () => text })
      },
    )
    request.on('error', reject)
  })
}

function openSocket(url: string, headers: Record<string, string> = alice): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url.replace(/^http/, 'ws'), { headers })
    socket.once('open', () => resolve(socket))
    socket.once('unexpected-response', (_request, response) =>
      reject(new Error(`status ${response.statusCode}`)),
    )
    socket.once('error', reject)
  })
}
const nextMessage = (socket: WebSocket): Promise<string> =>
  new Promise((resolve) => socket.once('message', (data) => resolve(String(data))))

describe('negotiate', () => {
  it('needs a session: 401 without one', async () => {
    expect((await negotiate({})).status).toBe(401)
    expect((await negotiate({ Cookie: 'session=stolen' })).status).toBe(401)
  })

  it('answers version 1 with a token, version 0 without, and an error for a bad version', async () => {
    expect((await negotiate()).body).toMatchObject({
      negotiateVersion: 1,
      connectionToken: expect.any(String),
    })
    const v0 = await negotiate(alice, '')
    expect(v0.body).toMatchObject({ negotiateVersion: 0 })
    expect(v0.body).not.toHaveProperty('connectionToken')
    expect((await negotiate(alice, '?negotiateVersion=x')).body).toEqual({
      error: "The client requested an invalid protocol version 'x'",
    })
  })
})

describe('long polling', () => {
  it('answers the first poll at once and empty, then delivers records to the next poll', async () => {
    const id = await token()
    const first = await fetch(hub(`?id=${id}&_=1`), { headers: alice })
    expect(first.status).toBe(200)
    expect(first.headers.get('content-length')).toBe('0')
    expect(first.headers.get('cache-control')).toBe('no-cache, no-store')

    const poll = fetch(hub(`?id=${id}&_=2`), { headers: alice })
    expect((await post(id, HANDSHAKE)).status).toBe(200)
    expect(await (await poll).text()).toBe(`{}${RS}`)

    // A newer poll ends the older one with 204.
    const older = fetch(hub(`?id=${id}&_=3`), { headers: alice })
    await delay(50)
    const newer = fetch(hub(`?id=${id}&_=4`), { headers: alice })
    expect((await older).status).toBe(204)

    // DELETE ends the connection: the pending poll gets 204 and the id is gone.
    expect((await fetch(hub(`?id=${id}`), { method: 'DELETE', headers: alice })).status).toBe(202)
    expect((await newer).status).toBe(204)
    expect((await fetch(hub(`?id=${id}&_=5`), { headers: alice })).status).toBe(404)
  })

  it('answers a quiet poll empty when its time is up, and drops a client that stops polling', async () => {
    const id = await token()
    await fetch(hub(`?id=${id}&_=1`), { headers: alice })
    const started = Date.now()
    const quiet = await fetch(hub(`?id=${id}&_=2`), { headers: alice })
    expect(quiet.status).toBe(200)
    expect(await quiet.text()).toBe('')
    expect(Date.now() - started).toBeGreaterThanOrEqual(350)

    skipped += 16_000
    await delay(200)
    expect((await fetch(hub(`?id=${id}&_=3`), { headers: alice })).status).toBe(404)
  })

  it('refuses another user’s session on the connection (403)', async () => {
    const id = await token()
    expect(
      (await fetch(hub(`?id=${id}`), { headers: { Cookie: 'session=bob-session' } })).status,
    ).toBe(403)
  })
})

describe('server-sent events', () => {
  it('flushes a comment first, then sends records as events and pings when idle', async () => {
    const id = await token()
    const { response, received } = await openStream(id)
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toBe('text/event-stream')
    expect(response.headers['cache-control']).toBe('no-cache,no-store')
    await expect.poll(received).toBe(':\r\n')

    expect((await post(id, HANDSHAKE)).status).toBe(200)
    await expect.poll(received).toBe(`:\r\ndata: {}${RS}\r\n\r\n`)
    await expect.poll(received, { timeout: 2000 }).toContain(`data: {"type":6}${RS}\r\n\r\n`)

    // One stream per connection; no switching to long polling; no DELETE.
    expect((await openStream(id)).response.statusCode).toBe(409)
    expect((await fetch(hub(`?id=${id}`), { headers: alice })).status).toBe(400)
    expect((await fetch(hub(`?id=${id}`), { method: 'DELETE', headers: alice })).status).toBe(400)
    response.destroy()
  })
})

describe('status codes', () => {
  it('400 without an id, 404 for an unknown one, 400 for a POST before any transport', async () => {
    expect((await fetch(hub(), { headers: alice })).status).toBe(400)
    expect((await fetch(hub('?id=nope'), { headers: alice })).status).toBe(404)
    expect((await post(await token(), HANDSHAKE)).status).toBe(400)
  })

  it('expires a negotiated connection that never starts a transport (15 s)', async () => {
    const id = await token()
    skipped += 16_000
    await delay(200)
    expect((await fetch(hub(`?id=${id}`), { headers: alice })).status).toBe(404)
  })
})

describe('websockets', () => {
  it('refuses a second socket (409), POSTs (405) and foreign browser origins (403)', async () => {
    const id = await token()
    const socket = await openSocket(hub(`?id=${id}`))
    await expect(openSocket(hub(`?id=${id}`))).rejects.toThrow('status 409')
    expect((await post(id, HANDSHAKE)).status).toBe(405)
    await expect(
      openSocket(hub(`?id=${await token()}`), { ...alice, Origin: 'https://evil.example' }),
    ).rejects.toThrow('status 403')
    await expect(openSocket(hub(`?id=${await token()}`), {})).rejects.toThrow('status 401')
    socket.close()
  })

  it('answers a bad handshake with its error and closes', async () => {
    const socket = await openSocket(hub(`?id=${await token()}`))
    const closed = new Promise<number>((resolve) => socket.once('close', resolve))
    const reply = nextMessage(socket)
    socket.send(`{"protocol":"messagepack","version":1}${RS}`)
    expect(await reply).toBe(`{"error":"The protocol 'messagepack' is not supported."}${RS}`)
    expect(await closed).toBe(1000)
  })

  it('sends the first record of a turn at once and the rest of the turn as one frame (issue 45)', async () => {
    const socket = await openSocket(hub(`?id=${await token()}`))
    const handshake = nextMessage(socket)
    socket.send(HANDSHAKE)
    expect(await handshake).toBe(`{}${RS}`)
    const frames: string[] = []
    const received = new Promise<void>((resolve) =>
      socket.on('message', (data) => frames.push(String(data)) === 2 && resolve()),
    )
    await Promise.all(
      [1, 2, 3, 4].map((unreadCount) =>
        server.app.hub.sendToUser('alice', 'UnreadCountUpdate', [{ unreadCount }]),
      ),
    )
    await received
    const counts = frames.map((frame) =>
      frame
        .split(RS)
        .slice(0, -1)
        .map((record) => JSON.parse(record).arguments[0].unreadCount),
    )
    expect(counts).toEqual([[1], [2, 3, 4]])
    socket.close()
  })

  it('takes records split across frames and closes a client silent past its timeout', async () => {
    const socket = await openSocket(hub(`?id=${await token()}`))
    const messages: string[] = []
    socket.on('message', (data) => messages.push(String(data)))
    const closed = new Promise<number>((resolve) => socket.once('close', resolve))
    socket.send(HANDSHAKE.slice(0, 10))
    socket.send(HANDSHAKE.slice(10) + `{"type":6}`)
    socket.send(RS)
    expect(await closed).toBe(1000)
    expect(messages[0]).toBe(`{}${RS}`)
    expect(messages).toContain(`{"type":6}${RS}`)
    expect(messages.at(-1)).toBe(
      `{"type":7,"error":"Connection closed with an error.","allowReconnect":true}${RS}`,
    )
  })
})
