// bench:events, the measuring side (a child of bench/events.mjs, on its scratch database).
import { buildApp, type App } from '../server/app'
import { loadConfig } from '../server/config'
import { createDatabase } from '../server/db/client'
import { createUser, signIn } from '../tests/helpers/users'
import { intentionInput } from '../tests/helpers/wall'

const WRITES = Number(process.env.BENCH_WRITES ?? 3000)
const WRITERS = Number(process.env.BENCH_CONNECTIONS ?? 50)
const QUIET_WRITES = 200
const TARGETS = { throughputCost: 0.15, commitToSubscriberP99Ms: 50 }

const database = await createDatabase({ databaseUrl: process.env.BENCH_DATABASE_URL!, dataDir: '' })
await database.migrate()

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0
}
const ms = (value: number) => `${value.toFixed(1)} ms`

async function run(dispatch: boolean) {
  const config = loadConfig({
    APP_ENV: 'development',
    LOG_LEVEL: 'warn',
    DATABASE_URL: process.env.BENCH_DATABASE_URL,
    EVENT_DISPATCH: dispatch ? 'on' : 'off',
  })
  const arrived = new Map<string, number>()
  const app: App = await buildApp({ config, database, clientDir: null })
  app.events.subscribe({
    name: 'bench-probe',
    on: { CommentPosted: async (event) => void arrived.set(event.payload.commentId, performance.now()) },
  })
  await app.ready()
  const author = await createUser(database.db)
  const { intention_id: intentionId } = (
    await app.inject({
      method: 'POST',
      url: '/api/v1/intentions',
      headers: { cookie: await signIn(app, author) },
      payload: intentionInput(),
    })
  ).json<{ intention_id: string }>()
  const cookies: string[] = []
  for (let i = 0; i < WRITERS; i += 1) cookies.push(await signIn(app, await createUser(database.db)))

  const latencies: number[] = []
  const acknowledged = new Map<string, number>()
  let next = 0
  const writer = async (index: number) => {
    while (next < WRITES) {
      next += 1
      const started = performance.now()
      const response = await app.inject({
        method: 'POST',
        url: `/api/v1/intentions/${intentionId}/comments`,
        headers: { cookie: cookies[index]! },
        payload: { content: 'Praying with you tonight, friend.' },
      })
      const done = performance.now()
      if (response.statusCode !== 201) throw new Error(`${response.statusCode} ${response.body}`)
      latencies.push(done - started)
      acknowledged.set(response.json<{ comment_id: string }>().comment_id, done)
    }
  }
  const started = performance.now()
  await Promise.all(cookies.map((_, index) => writer(index)))
  const seconds = (performance.now() - started) / 1000
  if (dispatch) await app.events.drain(120_000)
  // Then one writer at a time, as on a quiet evening: how soon a subscriber hears of a write.
  const quiet: number[] = []
  if (dispatch)
    for (let i = 0; i < QUIET_WRITES; i += 1) {
      const response = await app.inject({
        method: 'POST',
        url: `/api/v1/intentions/${intentionId}/comments`,
        // Still one at a time, by turns: a member posts at most 200 comments an hour (issue 37).
        headers: { cookie: cookies[i % cookies.length]! },
        payload: { content: 'Praying with you this evening.' },
      })
      const at = performance.now()
      const id = response.json<{ comment_id: string }>().comment_id
      while (!arrived.has(id)) await new Promise((resolve) => setImmediate(resolve))
      quiet.push(Math.max(0, arrived.get(id)! - at))
    }
  await app.close()
  const toSubscriber = [...acknowledged].flatMap(([id, at]) =>
    arrived.has(id) ? [Math.max(0, arrived.get(id)! - at)] : [],
  )
  return {
    perSecond: WRITES / seconds,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    toSubscriber,
    quiet,
  }
}

console.log(`\nbench:events: ${WRITES} comment writes per mode, ${WRITERS} concurrent writers, PostgreSQL`)
const none = await run(false)
const on = await run(true)
const cost = 1 - on.perSecond / none.perSecond
console.log(`  dispatch off: ${none.perSecond.toFixed(0)} writes/s, write p50 ${ms(none.p50)}, p99 ${ms(none.p99)}`)
console.log(`  subscribers on: ${on.perSecond.toFixed(0)} writes/s, write p50 ${ms(on.p50)}, p99 ${ms(on.p99)}`)
console.log(
  `  throughput cost of the subscribers: ${(cost * 100).toFixed(1)} % (target ≤ ${TARGETS.throughputCost * 100} %)${cost > TARGETS.throughputCost ? '  MISSED' : ''}`,
)
const loaded = on.toSubscriber
console.log(
  `  acknowledged write → subscriber under that load (${loaded.length} events): p50 ${ms(percentile(loaded, 50))}, p99 ${ms(percentile(loaded, 99))}`,
)
const p99 = percentile(on.quiet, 99)
console.log(
  `  acknowledged write → subscriber, one writer (${on.quiet.length} events): p50 ${ms(percentile(on.quiet, 50))}, p99 ${ms(p99)} (target p99 < ${TARGETS.commitToSubscriberP99Ms} ms on a quiet machine)${p99 >= TARGETS.commitToSubscriberP99Ms ? '  MISSED' : ''}`,
)
await database.close()
