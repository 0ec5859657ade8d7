// bench:community's load generator (issue 45), in its own process (forked by bench/community.mjs,
// which sends it the members to simulate and asks for each step's figures). Each member holds a
// hub connection through nginx and, once a minute at their own moments, acts as
// docs/operations.md ("How many members a host holds") states; a tenth keep their writes
// offline and send them as one POST /api/v1/sync every other minute.
// Hub delivery: a pray or Amen that raised a counter (its answer's count) is delivered to another
// member when a CounterUpdate of that prayer with that count or more reaches their socket; the
// time from the write's request to that receipt.
import { randomUUID } from 'node:crypto'
import { Agent, request } from 'node:http'
import { WebSocket } from 'ws'
import { hubDeliveries } from './hub-deliveries.mjs'

const RS = '\u001e'
const MINUTE_MS = Number(process.env.BENCH_MEMBER_MINUTE_MS ?? 60_000)
const OFFLINE_SHARE = 0.1
const base = process.env.BENCH_URL
// Enough kept-alive sockets that requests queue at the server, not here.
const agent = new Agent({ keepAlive: true, maxSockets: 256 })

/** node:http (the global fetch's pool cannot be sized without undici itself). */
function send(method, path, headers, body) {
  return new Promise((resolve, reject) => {
    const outgoing = request(`${base}${path}`, { method, headers, agent }, (response) => {
      const chunks = []
      response.on('data', (chunk) => chunks.push(chunk))
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          type: response.headers['content-type'] ?? '',
          text: Buffer.concat(chunks).toString(),
        }),
      )
      response.on('error', reject)
    })
    outgoing.on('error', reject)
    outgoing.end(body)
  })
}

const clock = () => performance.timeOrigin + performance.now()
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms))
const pick = (list) => list[Math.floor(Math.random() * list.length)]

// A step's figures, reset when the parent reads them.
let stats = newStats()
function newStats() {
  return { routes: new Map(), errors: new Map(), hub: [], started: clock() }
}
const deliveries = hubDeliveries({ clock, onDelivery: (ms) => stats.hub.push(ms) })

function record(route, ms, status) {
  let times = stats.routes.get(route)
  if (!times) stats.routes.set(route, (times = []))
  times.push(ms)
  if (status >= 400 || status === 0) {
    const key = `${route} ${status}`
    stats.errors.set(key, (stats.errors.get(key) ?? 0) + 1)
  }
}

async function call(route, member, method, path, body) {
  const started = clock()
  let status = 0
  let json = null
  try {
    const headers = { cookie: member.cookie }
    if (method !== 'GET') {
      headers.origin = base
      headers['idempotency-key'] = randomUUID()
      // A JSON content type with no body is refused (400), as a browser would never send it.
      if (body !== undefined) headers['content-type'] = 'application/json'
    }
    const response = await send(
      method,
      path,
      headers,
      body === undefined ? undefined : JSON.stringify(body),
    )
    status = response.status
    json = response.text && response.type.includes('json') ? JSON.parse(response.text) : null
  } catch {
    status = 0
  }
  record(route, clock() - started, status)
  return { status, json, started }
}

async function connectHub(member) {
  const hubBase = `${base}/hub/notifications`
  const negotiate = await send('POST', '/hub/notifications/negotiate?negotiateVersion=1', {
    cookie: member.cookie,
    origin: base,
  })
  if (negotiate.status !== 200) throw new Error(`negotiate answered ${negotiate.status}`)
  const { connectionToken } = JSON.parse(negotiate.text)
  const socket = new WebSocket(
    `${hubBase.replace(/^http/, 'ws')}?id=${encodeURIComponent(connectionToken)}`,
    { headers: { cookie: member.cookie, origin: base }, perMessageDeflate: false },
  )
  await new Promise((resolve, reject) => {
    socket.once('open', resolve)
    socket.once('error', reject)
  })
  const handshake = new Promise((resolve) => socket.once('message', resolve))
  socket.send(`{"protocol":"json","version":1}${RS}`)
  await handshake
  socket.on('message', (data) => {
    const at = clock()
    for (const text of data.toString().split(RS)) {
      if (text.includes('CounterUpdate')) {
        const message = JSON.parse(text)
        if (message.type === 1 && message.target === 'CounterUpdate')
          deliveries.received(member, message.arguments[0], at)
      } else if (text.startsWith('{"type":3')) deliveries.watching(member, JSON.parse(text), at)
    }
  })
  socket.on('close', () => {
    if (member.active) stats.errors.set('hub closed', (stats.errors.get('hub closed') ?? 0) + 1)
  })
  member.socket = socket
}

let invocation = 0
function watch(member, ids) {
  if (member.socket?.readyState !== WebSocket.OPEN) return
  const fresh = deliveries.asked(member, ids)
  if (fresh.length === 0) return
  invocation += 1
  member.socket.send(
    `${JSON.stringify({ type: 1, invocationId: String(invocation), target: 'WatchIntentions', arguments: [fresh] })}${RS}`,
  )
}

// One member's minute: the wall (sometimes its next page), a request and its comments, a pray
// or an Amen, sometimes a comment, the notifications panel; spread over the minute.
async function minute(member) {
  const moments = Array.from({ length: 5 }, () => Math.random() * MINUTE_MS).sort((a, b) => a - b)
  const begun = clock()
  const at = async (index) => {
    const wait = begun + moments[index] - clock()
    if (wait > 0) await sleep(wait)
  }
  await at(0)
  const wall = await call('GET /api/v1/intentions', member, 'GET', '/api/v1/intentions')
  const page = wall.json?.items?.map((item) => item.intention_id) ?? []
  if (page.length > 0) member.wall = page
  watch(member, page)
  if (wall.json?.next_cursor && Math.random() < 0.3) {
    const cursor = encodeURIComponent(wall.json.next_cursor)
    const next = await call(
      'GET /api/v1/intentions?cursor',
      member,
      'GET',
      `/api/v1/intentions?cursor=${cursor}`,
    )
    watch(member, next.json?.items?.map((item) => item.intention_id) ?? [])
  }
  if (member.wall.length === 0) return sleep(Math.max(0, begun + MINUTE_MS - clock()))
  await at(1)
  const id = pick(member.wall)
  await call('GET /api/v1/intentions/:id', member, 'GET', `/api/v1/intentions/${id}`)
  await call(
    'GET /api/v1/intentions/:id/comments',
    member,
    'GET',
    `/api/v1/intentions/${id}/comments`,
  )
  await at(2)
  const amen = Math.random() < 0.4
  const write = amen
    ? { path: `/api/v1/intentions/${id}/reactions`, body: { kind: 'amen', active: true } }
    : { path: `/api/v1/intentions/${id}/pray` }
  const counter = amen ? 'amen_count' : 'prayed_count'
  const first = !member.done.has(`${id}:${counter}`)
  member.done.add(`${id}:${counter}`)
  const comment = Math.random() < 0.15
  const commentWrite = {
    path: `/api/v1/intentions/${id}/comments`,
    body: { content: `Praying with you this morning (${member.index}).` },
  }
  if (member.offline) {
    member.queue.push(write)
    if (comment) member.queue.push(commentWrite)
  } else {
    const route = amen
      ? 'POST /api/v1/intentions/:id/reactions'
      : 'POST /api/v1/intentions/:id/pray'
    const answer = await call(route, member, 'POST', write.path, write.body)
    const count = answer.json?.[counter]
    if (first && answer.status < 300 && typeof count === 'number')
      deliveries.expect(id, counter, count, answer.started, member.index)
    await at(3)
    if (comment)
      await call(
        'POST /api/v1/intentions/:id/comments',
        member,
        'POST',
        commentWrite.path,
        commentWrite.body,
      )
  }
  await at(4)
  await call('GET /api/notifications', member, 'GET', '/api/notifications')
  member.minutes += 1
  if (member.offline && member.minutes % 2 === 0 && member.queue.length > 0) {
    const entries = member.queue.splice(0).map((entry) => ({
      key: randomUUID(),
      method: 'POST',
      ...entry,
    }))
    await call('POST /api/v1/sync', member, 'POST', '/api/v1/sync', { entries })
  }
  // The minute runs its course: one round a minute, however early its last moment fell.
  const rest = begun + MINUTE_MS - clock()
  if (rest > 0) await sleep(rest)
}

async function live(member) {
  try {
    await connectHub(member)
  } catch {
    stats.errors.set('hub connect', (stats.errors.get('hub connect') ?? 0) + 1)
  }
  // No wait first: each minute's moments are random, so a member acts at the steady rate from
  // the step they join (a short step measures its members, not a ramp towards them).
  while (member.active) await minute(member)
}

const members = []
const percentile = (sorted, p) =>
  sorted.length
    ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]
    : NaN

process.on('message', async (message) => {
  if (message.type === 'members') {
    const { cookies } = message
    const joining = []
    for (let index = members.length; index < cookies.length; index += 1) {
      const member = {
        index,
        cookie: cookies[index],
        offline: index % Math.round(1 / OFFLINE_SHARE) === 0,
        active: true,
        wall: [],
        watched: new Map(),
        done: new Set(),
        seen: new Map(),
        queue: [],
        minutes: 0,
        socket: null,
      }
      members.push(member)
      joining.push(member)
    }
    for (const member of joining) {
      void live(member)
      // Connections open over a few seconds, not all in one burst.
      await sleep(5)
    }
    process.send({ type: 'joined', members: members.length })
  } else if (message.type === 'stats') {
    const { routes, errors, hub, started } = stats
    stats = newStats()
    const seconds = (clock() - started) / 1000
    const byRoute = [...routes].map(([route, times]) => {
      times.sort((a, b) => a - b)
      return {
        route,
        count: times.length,
        perSecond: times.length / seconds,
        p50: percentile(times, 50),
        p99: percentile(times, 99),
      }
    })
    hub.sort((a, b) => a - b)
    const cpu = process.cpuUsage()
    process.send({
      type: 'stats',
      seconds,
      routes: byRoute,
      errors: Object.fromEntries(errors),
      hub: {
        count: hub.length,
        p50: percentile(hub, 50),
        p99: percentile(hub, 99),
        missing: deliveries.missing(),
      },
      self: { cpuSeconds: (cpu.user + cpu.system) / 1e6, rss: process.memoryUsage().rss },
    })
  } else if (message.type === 'stop') {
    for (const member of members) {
      member.active = false
      member.socket?.close()
    }
    process.exit(0)
  }
})
process.send({ type: 'ready' })
