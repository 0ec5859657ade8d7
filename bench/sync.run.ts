// bench:sync, the measuring side (a child of bench/sync.mjs): the server alone draining the
// 500 writes bench:offline queues (bench/support/offline-actions.mjs, sent as the page sends
// them through contract/outbox-calls.ts): batches of 100 through POST /api/v1/sync over HTTP,
// one after another. Per batch: wall time and SQL statements (counted at the driver, inside
// transactions too); for the drain: CPU seconds, and duplicates and missing end states.
//   BENCH_DATABASE_URL: PostgreSQL; unset: PGlite in memory.
//   EVENT_DISPATCH=off: without the events' subscribers (what they cost beside the batches).
//   BENCH_TRACE=1: statements by text, with their summed wall time.
//   BENCH_PROFILE=<file>: a CPU profile of the drain (chrome://inspect, speedscope).
import { writeFileSync } from 'node:fs'
import { Session } from 'node:inspector/promises'
import { SYNC_MAX_ENTRIES, SYNC_PATH } from '../contract/outbox'
import { callOf } from '../contract/outbox-calls'
import { buildApp } from '../server/app'
import { loadConfig } from '../server/config'
import { createDatabase } from '../server/db/client'
import { createUser, signIn } from '../tests/helpers/users'
import { intentionInput } from '../tests/helpers/wall'
import { expectedEndState, makeActions } from './support/offline-actions.mjs'

const INTENTIONS = 100
const ACTIONS = 500
const url = process.env.BENCH_DATABASE_URL || undefined
// Issue 45: under 2 s on the embedded database, under 1 s on PostgreSQL.
const DRAIN_TARGET_MS = url ? 1_000 : 2_000
const database = await createDatabase({ databaseUrl: url ?? null, dataDir: '' }, { inMemory: true })
await database.migrate()

// Every statement goes through a client's query(): the pool's or PGlite's, and a transaction's
// own (PGlite's transaction, or the client checked out of the pool; savepoints included; BEGIN
// and COMMIT through PGlite's exec are not counted).
interface Queryable {
  query: (...args: unknown[]) => Promise<unknown>
}
let statements = 0
const traced = new Map<string, { count: number; ms: number }>()
function count(client: Queryable, tag: string) {
  const query = client.query.bind(client)
  client.query = (...args: unknown[]) => {
    statements += 1
    if (!process.env.BENCH_TRACE) return query(...args)
    const [first] = args
    const text = typeof first === 'string' ? first : ((first as { text?: string }).text ?? '?')
    const line = `${tag}${text.replace(/\s+/g, ' ').slice(0, 140)}`
    const started = performance.now()
    const done = query(...args)
    const add = () => {
      const seen = traced.get(line) ?? { count: 0, ms: 0 }
      traced.set(line, { count: seen.count + 1, ms: seen.ms + performance.now() - started })
    }
    // The pool queries its checked-out client with a callback (no promise): timed as 0 ms.
    if (done instanceof Promise) done.then(add, add)
    else add()
    return done
  }
}
const client = (database.db as unknown as { $client: Queryable }).$client
// PostgreSQL: every statement, the pool's own query() too, runs on a checked-out client,
// counted below; counting the pool as well would count those twice.
if (!url) count(client, '')
const pglite = client as unknown as { transaction?: (fn: (tx: Queryable) => unknown) => unknown }
if (!url && pglite.transaction) {
  const transaction = pglite.transaction.bind(pglite)
  pglite.transaction = (fn) =>
    transaction((tx) => {
      count(tx, 'tx: ')
      return fn(tx)
    })
}
// PostgreSQL: each client checked out of the pool is counted once (a transaction's, and the one
// the pool's query() takes for a single statement).
type Checkout = (error: Error | undefined, client: Queryable, release: () => void) => void
const pool = client as unknown as { connect?: (callback?: Checkout) => Promise<Queryable> | void }
if (url && pool.connect) {
  const connect = pool.connect.bind(pool)
  const counted = new WeakSet<Queryable>()
  const counting = (checkedOut: Queryable) => {
    if (checkedOut && !counted.has(checkedOut)) {
      counted.add(checkedOut)
      count(checkedOut, '')
    }
    return checkedOut
  }
  pool.connect = (callback?: Checkout) =>
    callback
      ? connect((error, checkedOut, release) => callback(error, counting(checkedOut), release))
      : (connect() as Promise<Queryable>).then(counting)
}

const app = await buildApp({
  config: loadConfig({
    HOST: '127.0.0.1',
    APP_ENV: 'test',
    LOG_LEVEL: 'warn',
    EVENT_DISPATCH: process.env.EVENT_DISPATCH ?? 'on',
    ...(url ? { DATABASE_URL: url } : {}),
  }),
  database,
})
await app.listen({ port: 0, host: '127.0.0.1' })
const address = app.server.address()
const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`

async function post(cookie: string, path: string, body: unknown) {
  const answer = await app.inject({
    method: 'POST',
    url: path,
    headers: { cookie, 'idempotency-key': crypto.randomUUID() },
    payload: body as object,
  })
  if (answer.statusCode >= 300) throw new Error(`${path}: ${answer.statusCode} ${answer.body}`)
  return answer.json<Record<string, string>>()
}

// bench:offline's world: 100 prayers, each with a comment of its author's. Four authors: a
// member posts at most 30 prayer requests an hour (contract/write-limits.ts).
const authors: string[] = []
for (let i = 0; i < 4; i++) authors.push(await signIn(app, await createUser(database.db)))
const intentions: { id: string; commentId: string }[] = []
for (let i = 0; i < INTENTIONS; i++) {
  const author = authors[i % authors.length]!
  const title = `Safe travels home for family ${i + 1}`
  const { intention_id: id } = await post(author, '/api/v1/intentions', intentionInput({ title }))
  const { comment_id: commentId } = await post(author, `/api/v1/intentions/${id}/comments`, {
    content: `Thank you all for praying for us (${i + 1}).`,
  })
  intentions.push({ id: id!, commentId: commentId! })
}
const reader = await signIn(app, await createUser(database.db))
const actions = makeActions(intentions, ACTIONS)
for (const { id } of actions.preset)
  await post(reader, `/api/v1/intentions/${id}/reactions`, { kind: 'amen', active: true })
if (app.deps.config.eventDispatch) await app.events.drain(120_000)

const entries = actions.entries.map(({ key, write }) => ({ key, ...callOf(write) }))
const profiler = new Session()
if (process.env.BENCH_PROFILE) {
  profiler.connect()
  await profiler.post('Profiler.enable')
  await profiler.post('Profiler.start')
}
traced.clear()
const batches: { ms: number; statements: number; refused: number }[] = []
const cpuBefore = process.cpuUsage()
const started = performance.now()
for (let at = 0; at < entries.length; at += SYNC_MAX_ENTRIES) {
  statements = 0
  const batchStarted = performance.now()
  const answer = await fetch(`${base}${SYNC_PATH}`, {
    method: 'POST',
    headers: { cookie: reader, origin: base, 'content-type': 'application/json' },
    body: JSON.stringify({ entries: entries.slice(at, at + SYNC_MAX_ENTRIES) }),
  })
  if (answer.status !== 200) throw new Error(`the batch answered ${answer.status}`)
  const { results } = (await answer.json()) as { results: { status: number }[] }
  batches.push({
    ms: performance.now() - batchStarted,
    statements,
    refused: results.filter(({ status }) => status >= 300).length,
  })
}
const drainMs = performance.now() - started
const cpu = process.cpuUsage(cpuBefore)
if (process.env.BENCH_PROFILE) {
  const { profile } = await profiler.post('Profiler.stop')
  writeFileSync(process.env.BENCH_PROFILE, JSON.stringify(profile))
}
// On PGlite the subscribers wait for the drain (server/events/foreground.ts): how long after it
// the last notification of those 500 writes was raised.
if (app.deps.config.eventDispatch) await app.events.drain(120_000)
const subscribersDoneMs = performance.now() - started - drainMs

// What the reader sees on each prayer, against what the 500 writes must leave.
const expected = expectedEndState(intentions, actions)
let duplicates = 0
let missing = 0
for (const [at, { id, commentId }] of intentions.entries()) {
  const read = (path: string) => app.inject({ url: path, headers: { cookie: reader } })
  const detail = (await read(`/api/v1/intentions/${id}`)).json<Record<string, number>>()
  type Comment = { comment_id: string; isYou: boolean; likes: number; amens: number }
  const { items } = (await read(`/api/v1/intentions/${id}/comments?limit=50`)).json<{
    items: Comment[]
  }>()
  const theirs = items.find((comment) => comment.comment_id === commentId)
  const got = {
    amen: detail.amen_count!,
    candle: detail.candle_count!,
    prayed: detail.prayed_count!,
    comments: detail.comments_count!,
    mine: items.filter((comment) => comment.isYou).length,
    likes: theirs?.likes ?? 0,
    amens: theirs?.amens ?? 0,
  }
  for (const [field, want] of Object.entries(expected[at]!)) {
    const diff = got[field as keyof typeof got] - want
    if (diff > 0) duplicates += diff
    else missing -= diff
  }
}

const total = batches.reduce((sum, batch) => sum + batch.statements, 0)
const events = app.deps.config.eventDispatch ? 'subscribers on' : 'subscribers off'
console.log(`\n  ${database.driver} (${events}): ${ACTIONS} writes over ${INTENTIONS} prayers`)
const met = drainMs < DRAIN_TARGET_MS ? 'met' : 'MISSED'
console.log(
  `    drained in : ${(drainMs / 1000).toFixed(2)} s  [target < ${DRAIN_TARGET_MS / 1000} s: ${met}]`,
)
if (app.deps.config.eventDispatch)
  console.log(`    subscribers: done ${(subscribersDoneMs / 1000).toFixed(2)} s after the drain`)
console.log(`    CPU        : ${((cpu.user + cpu.system) / 1e6).toFixed(2)} s (this process)`)
console.log(`    per batch  : ${batches.map(({ ms }) => `${Math.round(ms)} ms`).join(', ')}`)
console.log(
  `    statements : ${batches.map((batch) => batch.statements).join(', ')} per batch ` +
    `(${(total / ACTIONS).toFixed(1)} a write, the subscribers' included)`,
)
console.log(`    refused    : ${batches.reduce((sum, batch) => sum + batch.refused, 0)}`)
console.log(`    duplicates : ${duplicates}, missing: ${missing}`)
if (process.env.BENCH_TRACE)
  for (const [line, { count: n, ms }] of [...traced].sort((a, b) => b[1].ms - a[1].ms))
    console.log(`    ${String(n).padStart(5)} ${String(Math.round(ms)).padStart(6)} ms  ${line}`)
await app.close()
await database.close()
