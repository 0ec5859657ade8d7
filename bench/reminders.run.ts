// bench:reminders, the measuring side (a child of bench/reminders.mjs, on its scratch database);
// the push service runs in a process of its own (bench/support/push-endpoint.ts).
// BENCH_PROFILE=<file>: a CPU profile of the due minute until every push is handed over
// (chrome://inspect, speedscope).
import { fork } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import { Session } from 'node:inspector/promises'
import { once } from 'node:events'
import { loadavg } from 'node:os'
import { performance as timing } from 'node:perf_hooks'
import { fileURLToPath } from 'node:url'
import { sql } from 'drizzle-orm'
import { buildApp } from '../server/app'
import { loadConfig } from '../server/config'
import { createDatabase } from '../server/db/client'
import { sendDueReminders } from '../server/notifications/reminder-sender'
import { createPushWorkers } from '../server/notifications/push/push-workers'
import { newDevice } from '../server/notifications/push/testing/push-service'
import { secondOfMinute } from '../server/prayer-list/reminder-schedule'
import { createUser, signIn } from '../tests/helpers/users'
import { intentionInput } from '../tests/helpers/wall'

const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 100_000)
const DUE = Number(process.env.BENCH_DUE ?? 10_000)
const LISTED = 3
const TARGET_MS = 10_000
// 07:00 in Rome on a Wednesday: the due members' slot.
const MINUTE = new Date('2026-11-25T06:00:00Z')
const PERIOD_MS = 5_000

const database = await createDatabase({ databaseUrl: process.env.BENCH_DATABASE_URL!, dataDir: '' })
await database.migrate()
const { db } = database
let clock = new Date(MINUTE.getTime() - 60 * 60_000)
const config = loadConfig({
  // 'test' keeps the scheduled jobs' own timers off: the bench runs the minute's periods itself.
  APP_ENV: 'test',
  LOG_LEVEL: 'warn',
  DATABASE_URL: process.env.BENCH_DATABASE_URL,
})
const app = await buildApp({ config, database, clientDir: null, now: () => clock })
await app.ready()
// The push service in its own process (bench/support/push-endpoint.ts): its side of each
// push is not the server's work.
const endpoint = fork(fileURLToPath(new URL('./support/push-endpoint.ts', import.meta.url)), {
  execArgv: ['--import', 'tsx'],
})
const [ready] = (await once(endpoint, 'message')) as [{ url: string; ca: string }]
const pushService = {
  url: ready.url,
  async received(): Promise<number> {
    endpoint.send({ type: 'count' })
    const [answer] = (await once(endpoint, 'message')) as [{ received: number }]
    return answer.received
  },
}
// The server's own push workers (push-workers.ts), trusting the local service's certificate.
const pushWorkers = createPushWorkers({ ca: ready.ca })
// Started before the minute, as a running server's are (they start on its first push and stay):
// started inside it, loading web-push in each worker held the first pushes 2 to 4 s at load 8.
await pushWorkers.warm()
let handed = 0
let lastHandedAt = 0
app.webPush.transport = (subscription, payload, options) => {
  handed += 1
  lastHandedAt = performance.now()
  return pushWorkers.send(subscription, payload, options)
}

// One parameter for a whole list (drizzle spreads a JS array into one parameter per item).
const pgArray = (values: string[]) => `{${values.join(',')}}`
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`
const step = async (label: string, run: () => Promise<unknown>) => {
  const started = performance.now()
  await run()
  console.log(`  seeded ${label} in ${seconds(performance.now() - started)}`)
}

console.log(`bench:reminders: ${MEMBERS} members with reminders, ${DUE} due in one minute`)
const author = await createUser(db)
const cookie = await signIn(app, author)
const intentionIds: string[] = []
for (let i = 0; i < 20; i += 1) {
  const answer = await app.inject({
    method: 'POST',
    url: '/api/v1/intentions',
    headers: { cookie },
    payload: intentionInput({ title: `Please pray for our neighbours, week ${i + 1}` }),
  })
  intentionIds.push(answer.json<{ intention_id: string }>().intention_id)
}

await step(`${MEMBERS} members`, () =>
  db.execute(sql`
    insert into users (id, email, display_name, profile_completed_at, email_verified_at)
    select gen_random_uuid(), 'member' || g || '@bench.test', 'Bench member ' || g, now(), now()
    from generate_series(1, ${MEMBERS}) g`),
)
const members = (
  (await db.execute(
    sql`select id from users where email like '%@bench.test' order by email`,
  )) as unknown as { rows: { id: string }[] }
).rows.map((row) => row.id)
const due = members.slice(0, DUE)

// Each member lists three requests; the others' reminders fall in other minutes of the day.
await step(`${MEMBERS * LISTED} prayer-list entries`, () =>
  db.execute(sql`
    insert into prayer_list_entries (user_id, intention_id, added_at)
    select u.id, (${pgArray(intentionIds)}::uuid[])[1 + (abs(hashtext(u.id::text || k)) % ${intentionIds.length})], now()
    from users u cross join generate_series(1, ${LISTED}) k
    where u.email like '%@bench.test'
    on conflict do nothing`),
)
await step(`${MEMBERS} reminder settings`, () =>
  db.execute(sql`
    insert into reminder_settings (user_id, time_zone, slots, next_reminder_at, updated_at)
    select u.id, (array['Europe/Rome','America/New_York','Asia/Manila','Africa/Lagos'])[1 + abs(hashtext(u.id::text)) % 4],
      '[{"days":[1,2,3,4,5,6,7],"time":"21:00"}]'::jsonb,
      ${MINUTE}::timestamptz + interval '1 hour' + (abs(hashtext(u.id::text)) % 82800) * interval '1 second',
      now()
    from users u where u.email like '%@bench.test'`),
)
// The due members: 07:00 in Rome, each at their own second of the minute (reminder-schedule.ts).
await step(`${DUE} due members, each with a signed-in device`, async () => {
  const at = due.map((id) => new Date(MINUTE.getTime() + secondOfMinute(id) * 1000).toISOString())
  await db.execute(sql`
    update reminder_settings s set time_zone = 'Europe/Rome',
      slots = '[{"days":[1,2,3,4,5,6,7],"time":"07:00"}]'::jsonb, next_reminder_at = v.at
    from unnest(${pgArray(due)}::uuid[], ${pgArray(at)}::timestamptz[]) v(id, at) where s.user_id = v.id`)
  const device = newDevice(pushService.url)
  await db.execute(sql`
    with s as (
      insert into sessions (id, user_id, token_hash, persistent, expires_at)
      select gen_random_uuid(), id, md5(random()::text || id::text), true, now() + interval '30 days'
      from unnest(${pgArray(due)}::uuid[]) id
      returning id, user_id)
    insert into push_subscriptions (id, user_id, session_id, endpoint, p256dh, auth, created_at)
    select gen_random_uuid(), s.user_id, s.id, ${pushService.url} || '/push/' || s.user_id, ${device.keys.p256dh}, ${device.keys.auth}, now()
    from s`)
})
await db.execute(sql`analyze`)

// The due minute, period by period as the scheduled job runs it (reminders.job.ts), back to back.
clock = new Date(MINUTE)
const profiler = new Session()
if (process.env.BENCH_PROFILE) {
  profiler.connect()
  await profiler.post('Profiler.enable')
  await profiler.post('Profiler.start')
}
let sent = 0
const cpuBefore = process.cpuUsage()
const loopBefore = timing.eventLoopUtilization()
const started = performance.now()
for (let at = MINUTE.getTime(); at < MINUTE.getTime() + 60_000; at += PERIOD_MS) {
  clock = new Date(at)
  sent += await sendDueReminders(app.notifier, new Date(at + PERIOD_MS - 1))
}
const computed = performance.now() - started
const deadline = Date.now() + 300_000
let received = 0
while ((handed < sent || (received = await pushService.received()) < sent) && Date.now() < deadline)
  await new Promise((resolve) => setTimeout(resolve, 50))
const toSender = lastHandedAt - started
const toEndpoint = performance.now() - started
const cpu = process.cpuUsage(cpuBefore)
const loop = timing.eventLoopUtilization(loopBefore)
if (process.env.BENCH_PROFILE) {
  const { profile } = await profiler.post('Profiler.stop')
  writeFileSync(process.env.BENCH_PROFILE, JSON.stringify(profile))
}

// A minute with none due: the same twelve periods, an hour and a half later.
const quiet: number[] = []
for (let run = 0; run < 5; run += 1) {
  const minute = MINUTE.getTime() + 30 * 60_000 + run * 60_000
  const begun = performance.now()
  for (let at = minute; at < minute + 60_000; at += PERIOD_MS)
    await sendDueReminders(app.notifier, new Date(at + PERIOD_MS - 1))
  quiet.push(performance.now() - begun)
}
quiet.sort((a, b) => a - b)

console.log(`
  reminders raised in the due minute:          ${sent} (of ${DUE} due)
  computed and raised (12 periods of 5 s):     ${seconds(computed)}
  all pushes handed to the Web Push sender:    ${seconds(toSender)} (${handed} handed; target < ${seconds(TARGET_MS)}) ${toSender < TARGET_MS ? 'OK' : 'OVER'}
  all pushes received by the local endpoint:   ${seconds(toEndpoint)} (${received} received)
  the server process's CPU until then:         ${seconds((cpu.user + cpu.system) / 1000)} (user ${seconds(cpu.user / 1000)}, system ${seconds(cpu.system / 1000)}; all its threads)
  its event loop busy until then:              ${seconds(loop.active)} (${(loop.utilization * 100).toFixed(0)} %)
  load average (1, 5, 15 min):                 ${loadavg().map((load) => load.toFixed(2)).join(', ')}
  a minute with none due (12 queries), median: ${quiet[2]!.toFixed(1)} ms (min ${quiet[0]!.toFixed(1)}, max ${quiet[4]!.toFixed(1)})`)

await app.close()
await pushWorkers.close()
endpoint.send({ type: 'close' })
await once(endpoint, 'exit')
await database.close()
