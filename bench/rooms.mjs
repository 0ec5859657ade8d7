// `npm run bench:rooms` (issue 21): one prayer room with 2,000 members over two server
// processes and Redis (WebSockets): how long a join (RoomPresenceUpdate) and an Amen (RoomAmen)
// take to reach every member, p50/p99, beside a broadcast of the same size through the bare hub
// (target: within 1.5x), and the heap a member costs in a room. Prints figures; never fails.
//   BENCH_MEMBERS (default 2000), BENCH_ROUNDS (default 10), BENCH_REDIS_URL (default: a
//   redis-server of its own on a unix socket).
// This process is the load generator and every client; receipt times and the servers' send
// stamps read the same wall clock. The rooms' database work is not measured (rooms.server.ts).
import { spawn } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { existsSync, rmSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { WebSocket } from 'ws'
import { ensureFileLimit, startServer } from './support/hub-processes.mjs'

const root = fileURLToPath(new URL('..', import.meta.url))
const N = Number(process.env.BENCH_MEMBERS ?? 2000)
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 10)
const RS = '\u001e'
const ROOM = randomUUID()
const TARGET_RATIO = 1.5

const clock = () => performance.timeOrigin + performance.now()
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms))

async function inBatches(count, width, run) {
  let index = 0
  const worker = async () => {
    while (index < count) await run(index++)
  }
  await Promise.all(Array.from({ length: width }, worker))
}

async function ownRedis() {
  const socket = `/tmp/bench-rooms-${process.pid}.sock`
  const child = spawn('redis-server', ['--port', '0', '--unixsocket', socket, '--save', ''], {
    stdio: 'ignore',
  })
  while (!existsSync(socket)) await sleep(50)
  return {
    url: socket,
    stop: () => {
      child.kill('SIGTERM')
      rmSync(socket, { force: true })
    },
  }
}

// Every client feeds one handler, swapped per phase.
let onEvent = () => {}
function listen(socket, index) {
  socket.on('message', (data) => {
    const at = clock()
    for (const record of data.toString().split(RS)) {
      if (!record || record.length < 3) continue
      const message = JSON.parse(record)
      if (message.type === 1) onEvent(index, message.target, message.arguments[0], at)
    }
  })
}

let invocation = 0
const invoke = (socket, target, ...args) =>
  socket.send(
    `${JSON.stringify({ type: 1, invocationId: String((invocation += 1)), target, arguments: args })}${RS}`,
  )

async function connect(port, index) {
  const cookie = `session=bench-user-${index}`
  const base = `127.0.0.1:${port}/hub/notifications`
  const negotiate = await fetch(`http://${base}/negotiate?negotiateVersion=1`, {
    method: 'POST',
    headers: { cookie },
  })
  if (!negotiate.ok) throw new Error(`negotiate answered ${negotiate.status}`)
  const { connectionToken } = await negotiate.json()
  const socket = new WebSocket(`ws://${base}?id=${encodeURIComponent(connectionToken)}`, {
    headers: { cookie },
    perMessageDeflate: false,
  })
  await new Promise((resolve, reject) => {
    socket.once('open', resolve)
    socket.once('error', reject)
  })
  const handshake = new Promise((resolve) => socket.once('message', resolve))
  socket.send(`{"protocol":"json","version":1}${RS}`)
  await handshake
  listen(socket, index)
  return socket
}

/** Receipt times of the first event per member (indices 0..N-1) that `match`es. */
function collect(match, timeoutMs = 60_000) {
  const at = new Float64Array(N)
  const payloads = new Array(N)
  let received = 0
  return new Promise((resolve) => {
    const finish = () => {
      clearTimeout(timer)
      onEvent = () => {}
      resolve({ at, payloads, received })
    }
    const timer = setTimeout(finish, timeoutMs)
    onEvent = (index, target, payload, time) => {
      if (index < 0 || at[index] || !match(target, payload)) return
      at[index] = time
      payloads[index] = payload
      received += 1
      if (received === N) finish()
    }
  })
}

const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]

function summarise(rounds) {
  const all = Float64Array.from(rounds.flat()).sort()
  const lastPerRound = rounds.map((round) => Math.max(...round)).sort((a, b) => a - b)
  return { p50: percentile(all, 50), p99: percentile(all, 99), all: percentile(lastPerRound, 50) }
}

async function run(redisUrl) {
  process.env.BENCH_REDIS_URL = redisUrl
  process.env.BENCH_PREFIX = `bench-rooms-${randomUUID()}`
  const servers = [
    startServer(root, 'bench/rooms.server.ts'),
    startServer(root, 'bench/rooms.server.ts'),
  ]
  const sockets = []
  try {
    const ports = await Promise.all(servers.map((server) => server.ready))
    const memory = async () => Promise.all(servers.map((server) => server.command('memory')))
    const bare = await memory()
    await inBatches(N, 100, async (i) => {
      sockets[i] = await connect(ports[i % 2], i)
    })
    const extra = await connect(ports[0], -1)
    await sleep(1000)
    const connected = await memory()

    console.log(`bench:rooms: ${N} members joining one room over two processes...`)
    const full = collect((target, event) => target === 'RoomPresenceUpdate' && event.count === N)
    for (const socket of sockets) invoke(socket, 'JoinRoom', ROOM)
    const filled = await full
    if (filled.received < N) console.log(`  only ${filled.received} of ${N} saw the full room`)
    await sleep(1000)
    const joined = await memory()

    const join = []
    const amen = []
    const broadcast = []
    let seq = 0
    for (let round = 0; round < ROUNDS; round += 1) {
      // A join: the extra member enters; every member hears the count go up.
      await sleep(400)
      const arrived = collect(
        (target, event) => target === 'RoomPresenceUpdate' && event.count === N + 1,
      )
      const sent = clock()
      invoke(extra, 'JoinRoom', ROOM)
      const result = await arrived
      join.push(Array.from(result.at.subarray(0, N), (time) => time - sent))
      const back = collect((target, event) => target === 'RoomPresenceUpdate' && event.count === N)
      await sleep(400)
      invoke(extra, 'LeaveRoom', ROOM)
      await back

      // An Amen to the room's group, then the bare hub's broadcast of the same size, taking
      // turns between the two processes.
      for (const [cmd, target, into] of [
        ['amen', 'RoomAmen', amen],
        ['broadcast', 'BenchEvent', broadcast],
      ]) {
        seq += 1
        const mine = seq
        const got = collect((name, event) => name === target && event.seq === mine)
        await servers[round % 2].command(cmd, { seq: mine, roomId: ROOM })
        const { payloads, at } = await got
        into.push(Array.from(at.subarray(0, N), (time, i) => time - payloads[i].t))
        await sleep(100)
      }
    }
    const heapPerMember =
      (joined[0].heapUsed - connected[0].heapUsed + joined[1].heapUsed - connected[1].heapUsed) / N
    const heapPerConnection =
      (connected[0].heapUsed - bare[0].heapUsed + connected[1].heapUsed - bare[1].heapUsed) / N
    return {
      join: summarise(join),
      amen: summarise(amen),
      broadcast: summarise(broadcast),
      heapPerMember,
      heapPerConnection,
    }
  } finally {
    for (const socket of sockets) socket?.terminate()
    await Promise.all(servers.map((server) => server.stop()))
  }
}

ensureFileLimit(2 * N + 512)
const redis = process.env.BENCH_REDIS_URL ? null : await ownRedis()
try {
  const result = await run(process.env.BENCH_REDIS_URL ?? redis.url)
  const ms = (value) => `${value.toFixed(1)} ms`.padStart(9)
  const ratio = (a) => (a / result.broadcast.p99).toFixed(2)
  console.log(`\n${N} members in one room, two processes, Redis, WebSockets, ${ROUNDS} rounds`)
  console.log(
    '\nto every member       |       p50 |       p99 | last member (median round) | p99 / bare p99',
  )
  for (const [name, key] of [
    ['a join (presence)', 'join'],
    ['an Amen', 'amen'],
    ['bare hub broadcast', 'broadcast'],
  ]) {
    const figures = result[key]
    console.log(
      [
        name.padEnd(21),
        ms(figures.p50),
        ms(figures.p99),
        ms(figures.all).padStart(26),
        ratio(figures.p99).padStart(14),
      ].join(' | '),
    )
  }
  const kb = (bytes) => `${(bytes / 1024).toFixed(2)} KB`
  console.log(`\nheap per member in the room (after GC): ${kb(result.heapPerMember)}`)
  console.log(`heap per idle connection (for scale):    ${kb(result.heapPerConnection)}`)
  const flag = (ok) => (ok ? 'ok' : 'MISSED')
  console.log('\ntargets')
  for (const key of ['join', 'amen'])
    console.log(
      `  ${key} p99 within ${TARGET_RATIO}x of the bare broadcast: ${ratio(result[key].p99)}x ${flag(result[key].p99 <= TARGET_RATIO * result.broadcast.p99)}`,
    )
} finally {
  redis?.stop()
}
