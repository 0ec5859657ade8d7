// bench:notification-folds, the measuring side (a child of bench/notification-folds.mjs).
import { loadavg } from 'node:os'
import { sql } from 'drizzle-orm'
import { createDatabase } from '../server/db/client'
import {
  listNotifications,
  unreadCount,
  unreadCounts,
} from '../server/notifications/notifications.service'

const ROWS = Number(process.env.BENCH_ROWS ?? 5_000)
const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 10_000)
const READS = 20

const database = await createDatabase({ databaseUrl: process.env.BENCH_DATABASE_URL!, dataDir: '' })
await database.migrate()
const { db } = database

await db.execute(sql`
  insert into users (id, email, display_name, profile_completed_at, email_verified_at)
  select gen_random_uuid(), 'member' || g || '@bench.test', 'Bench member ' || g, now(), now()
  from generate_series(1, ${MEMBERS}) g`)
const [member] = (
  (await db.execute(sql`select id::text as id from users order by email limit 1`)) as unknown as {
    rows: { id: string }[]
  }
).rows
await db.execute(sql`
  insert into intentions (id, author_id, title, details, destination, identity_mode)
  select gen_random_uuid(), ${member!.id}::uuid, 'Bench request ' || g, 'Details', 'public_wall',
    'display_name'
  from generate_series(1, 50) g`)
// Prayers, Amens and comments on 50 requests, one every 10 minutes, the older half read.
await db.execute(sql`
  with requests as (select id, row_number() over (order by id) - 1 as n from intentions)
  insert into notifications (id, user_id, type, title, source_user_display_name,
    source_intention_id, created_at, read_at)
  select gen_random_uuid(), ${member!.id}::uuid,
    (array['PrayerReaction', 'PrayerAmenReaction', 'IntentionComment'])[1 + g % 3],
    'Bench act ' || g, 'Bench friend ' || (g % 200), r.id,
    timestamptz '2026-11-01T00:00:00Z' + g * interval '10 minutes',
    case when g < ${ROWS / 2} then now() end
  from generate_series(1, ${ROWS}) g join requests r on r.n = g % 50`)
// Three unread notifications for every member, as a reminder minute's count finds them.
await db.execute(sql`
  insert into notifications (id, user_id, type, title, created_at)
  select gen_random_uuid(), u.id, 'PrayerReminder', 'Reminder ' || n, now() - n * interval '1 hour'
  from users u, generate_series(1, 3) n`)
await db.execute(sql`analyze notifications`)

async function median(read: () => Promise<unknown>): Promise<string> {
  const times: number[] = []
  for (let i = 0; i < READS; i++) {
    const started = performance.now()
    await read()
    times.push(performance.now() - started)
  }
  times.sort((a, b) => a - b)
  return `${times[Math.floor(READS / 2)]!.toFixed(1)} ms`
}

console.log(`bench:notification-folds: one member with ${ROWS} notifications; ${MEMBERS} members`)
console.log(
  `  first page (20 entries): ${await median(() =>
    listNotifications(db, member!.id, { limit: 20, unreadOnly: false }),
  )}`,
)
console.log(`  unread entries, one member: ${await median(() => unreadCount(db, member!.id))}`)
const ids = (
  (await db.execute(sql`select id::text as id from users`)) as unknown as { rows: { id: string }[] }
).rows.map((row) => row.id)
console.log(
  `  unread entries, ${ids.length} members at once: ${await median(() => unreadCounts(db, ids))}`,
)
console.log(
  `  load average: ${loadavg()
    .map((value) => value.toFixed(2))
    .join(' ')}`,
)
await database.close()
