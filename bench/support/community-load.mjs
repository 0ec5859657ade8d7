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

// Writes to be delivered, per prayer and counter, in count order: { count, at, by }. A write is
// known only once its answer is back, often after other members already got the update carrying
// its count (the update goes out on commit, the answer on its own way back), so a write is
// matched both ways: against the updates a member receives from then on, and against the recent
// updates the member had already received (`seen`).
const pending = new Map()
// The members watching each prayer (from the server's answer to WatchIntentions).
const watchers = new Map()
// The updates a member received per prayer and counter kept for matching late writes: the
// last SEEN_KEPT, counts rising ([count, at]). A write older than all of them is matched to the
// oldest, which can only lengthen its delivery (the figure errs long, never short).
const SEEN_KEPT = 16

const counterKey = (intentionId, counter) => `${intentionId}:${counter}`

// A write not carried to every member watching its prayer this long after it was made counts
// as a missing delivery for each who lacks it: a lost update would otherwise only shrink the
// figures' count, never show in the p99. Checked writes leave `pending`, which keeps it small.
const MISSING_AFTER_MS = 10_000
let unchecked = []
function missingDeliveries() {
  const due = clock() - MISSING_AFTER_MS
  let missing = 0
  const later = []
  for (const write of unchecked) {
    if (write.at >= due) {
      later.push(write)
      continue
    }
    for (const member of watchers.get(write.intentionId) ?? []) {
      if (member.index === write.by || member.socket?.readyState !== WebSocket.OPEN) continue
      if (!(member.watched.get(write.intentionId) <= write.at)) continue
      const seen = member.seen.get(write.key)
      if (!seen || seen[seen.length - 1][0] < write.count) missing += 1
    }
    const list = pending.get(write.key)
    list.splice(list.indexOf(write), 1)
  }
  unchecked = later
  return missing
}

function deliver(member, intentionId, write, at) {
  const since = member.watched.get(intentionId)
  if (since !== undefined && write.by !== member.index && write.at >= since)
    stats.hub.push(at - write.at)
}

function expectDelivery(intentionId, counter, count, at, by) {
  const key = counterKey(intentionId, counter)
  let list = pending.get(key)
  if (!list) pending.set(key, (list = []))
  const write = { count, at, by, intentionId, key }
  list.splice(firstAbove(list, count), 0, write)
  unchecked.push(write)
  for (const member of watchers.get(intentionId) ?? []) {
    const seen = member.seen.get(key)
    if (!seen || seen[seen.length - 1][0] < count) continue
    const first = seen.find(([value]) => value >= count)
    deliver(member, intentionId, write, first[1])
  }
}

/** The index of the first write in `list` (count order) whose count is above `count`. */
function firstAbove(list, count) {
  let low = 0
  let high = list.length
  while (low < high) {
    const middle = (low + high) >> 1
    if (list[middle].count <= count) low = middle + 1
    else high = middle
  }
  return low
}

function delivered(member, update, at) {
  if (!member.watched.has(update.intentionId)) return
  for (const counter of ['prayed_count', 'amen_count']) {
    const value = update[counter]
    if (typeof value !== 'number') continue
    const key = counterKey(update.intentionId, counter)
    let seen = member.seen.get(key)
    if (!seen) member.seen.set(key, (seen = []))
    const before = seen.length > 0 ? seen[seen.length - 1][0] : -Infinity
    if (value <= before) continue
    seen.push([value, at])
    if (seen.length > SEEN_KEPT) seen.shift()
    // The writes this update is the first to carry: counts above the last one seen, up to it.
    const list = pending.get(key) ?? []
    for (let index = firstAbove(list, before); index < list.length; index += 1) {
      if (list[index].count > value) break
      deliver(member, update.intentionId, list[index], at)
    }
  }
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
          delivered(member, message.arguments[0], at)
      } else if (text.startsWith('{"type":3')) watching(member, JSON.parse(text), at)
    }
  })
  socket.on('close', () => {
    if (member.active) stats.errors.set('hub closed', (stats.errors.get('hub closed') ?? 0) + 1)
  })
  member.socket = socket
}

// A member watches a prayer from the moment the server answers WatchIntentions (it has joined
// the prayer's group), not from the moment it was asked: a write between the two raises an
// update this member never gets, which would otherwise count as delivered only with the
// prayer's next write (a "delivery" as long as the time between two prayers; the 4 s tail
// of the first quiet run at 250 members).
const NOT_YET = Number.POSITIVE_INFINITY
function watching(member, completion, at) {
  for (const id of completion.result?.watching ?? []) {
    if (member.watched.get(id) !== NOT_YET) continue
    member.watched.set(id, at)
    let members = watchers.get(id)
    if (!members) watchers.set(id, (members = new Set()))
    members.add(member)
  }
}

let invocation = 0
function watch(member, ids) {
  const fresh = ids.filter((id) => !member.watched.has(id))
  if (fresh.length === 0 || member.socket?.readyState !== WebSocket.OPEN) return
  for (const id of fresh) member.watched.set(id, NOT_YET)
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
      expectDelivery(id, counter, count, answer.started, member.index)
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
        missing: missingDeliveries(),
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
