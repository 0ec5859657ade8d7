// bench:digest, the measuring side (a child of bench/digest.mjs, on its scratch database).
import { loadavg } from 'node:os'
import { sql } from 'drizzle-orm'
import pg from 'pg'
import { buildApp } from '../server/app'
import { loadConfig } from '../server/config'
import { createDatabase } from '../server/db/client'
import { DAILY_DIGEST_JOB } from '../server/digests/digest-jobs'
import { hourPeriod } from '../server/digests/digest-clock'
import { recordDuePeriod } from '../server/events/scheduled-jobs'
import { createUser, signIn } from '../tests/helpers/users'
import { intentionInput } from '../tests/helpers/wall'

const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 10_000)
const PER_MEMBER = 3
// 07:20 UTC: the community's zone (UTC) has its 07:00 in this hour, so every member is due.
const DUE_AT = new Date('2026-11-25T07:20:00Z')

// Every statement the app sends goes through a pg client's query (the pool's included).
let statements = 0
const query = pg.Client.prototype.query
pg.Client.prototype.query = function counted(this: pg.Client, ...args: unknown[]) {
  statements += 1
  return (query as (...a: unknown[]) => unknown).apply(this, args)
} as typeof query

const database = await createDatabase({ databaseUrl: process.env.BENCH_DATABASE_URL!, dataDir: '' })
await database.migrate()
const { db } = database
let clock = new Date('2026-11-24T12:00:00Z')
const config = loadConfig({
  // 'test' keeps the jobs' own timers off: the bench records the hour itself.
  APP_ENV: 'test',
  LOG_LEVEL: 'warn',
  DATABASE_URL: process.env.BENCH_DATABASE_URL,
  // The transport's own pace is MAIL_RATE_PER_SECOND's; the bench measures the work before it.
  MAIL_RATE_PER_SECOND: '0',
})
const app = await buildApp({ config, database, clientDir: null, now: () => clock })
await app.ready()
let handed = 0
let bytes = 0
const send = app.mailer.send.bind(app.mailer)
app.mailer.send = async (mail) => {
  handed += 1
  bytes += mail.text.length + mail.html.length
  await send(mail)
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`
console.log(`bench:digest: ${MEMBERS} members, ${PER_MEMBER} unread notifications each`)
const author = await createUser(db)
const cookie = await signIn(app, author)
const answer = await app.inject({
  method: 'POST',
  url: '/api/v1/intentions',
  headers: { cookie },
  payload: intentionInput({ title: 'Please pray for our parish’s winter shelter' }),
})
const intentionId = answer.json<{ intention_id: string }>().intention_id
let started = performance.now()
await db.execute(sql`
  insert into users (id, email, display_name, profile_completed_at, email_verified_at)
  select gen_random_uuid(), 'member' || g || '@bench.test', 'Bench member ' || g, now(), now()
  from generate_series(1, ${MEMBERS}) g`)
// What each member's bell holds from yesterday morning on: prayers on their request.
await db.execute(sql`
  insert into notifications (id, user_id, type, title, message, source_user_display_name,
    source_intention_id, created_at)
  select gen_random_uuid(), u.id, 'PrayerReaction', 'Bench friend ' || n || ' prayed for you',
    'on your intention.', 'Bench friend ' || n, ${intentionId}::uuid,
    timestamptz '2026-11-24T09:00:00Z' + n * interval '1 hour'
  from users u, generate_series(1, ${PER_MEMBER}) n
  where u.email like '%@bench.test'`)
console.log(`  seeded in ${seconds(performance.now() - started)}`)

let peakRss = 0
let peakHeap = 0
const sample = () => {
  const { rss, heapUsed } = process.memoryUsage()
  peakRss = Math.max(peakRss, rss)
  peakHeap = Math.max(peakHeap, heapUsed)
}
const sampler = setInterval(sample, 50)
const baseRss = process.memoryUsage().rss
clock = DUE_AT
statements = 0
started = performance.now()
await recordDuePeriod(db, { name: DAILY_DIGEST_JOB, periodDue: hourPeriod }, DUE_AT)
await app.events.drain(30 * 60_000)
const elapsed = performance.now() - started
clearInterval(sampler)
sample()

const mb = (value: number) => `${(value / 1024 / 1024).toFixed(0)} MB`
console.log(`  digests handed to the transport: ${handed} (${mb(bytes)} of text and HTML)`)
console.log(`  seconds from the hour recorded to the last handed over: ${seconds(elapsed)}`)
console.log(`  per member: ${(elapsed / Math.max(handed, 1)).toFixed(2)} ms`)
console.log(
  `  statements: ${statements}, per member ${(statements / Math.max(handed, 1)).toFixed(1)}`,
)
console.log(
  `  peak memory: rss ${mb(peakRss)} (${mb(peakRss - baseRss)} above the start), heap ${mb(peakHeap)}`,
)
console.log(
  `  at MAIL_RATE_PER_SECOND=10 the provider would get them over ${seconds((handed / 10) * 1000)}`,
)
console.log(
  `  load average: ${loadavg()
    .map((value) => value.toFixed(2))
    .join(' ')}`,
)
await app.close()
await database.close()
