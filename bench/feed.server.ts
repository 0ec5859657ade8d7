// bench:feed, the server side: the whole app (buildApp, as main.ts starts it) over a database
// seeded by bench/support/feed-seed.ts, with every SQL statement counted at the driver.
// A child of bench/feed.mjs: it answers over IPC with its port and the viewer's cookie, and
// counts the statements of one request on demand.
//   BENCH_DATABASE_URL: PostgreSQL (a scratch database the parent made); unset = PGlite, whose
//   seeded dump is cached under .tmp/bench-feed/ (keyed by the seed; delete it to reseed).
//   BENCH_EXPLAIN=1: prints EXPLAIN ANALYZE of each statement a counted request ran.
import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, openAsBlob, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { createDatabase, type DatabaseHandle } from '../server/db/client'
import { domainEventsTable } from '../server/events/events.table'
import { lastWeek, WEEKLY_SUMMARY_JOB } from '../server/notifications/weekly-summary.job'
import { benchConfig, log, memberCookies, root, startBenchApp } from './support/bench-server'
import { seedFeed, VIEWER_NUMBER } from './support/feed-seed'

const OTHER_VIEWERS = Number(process.env.BENCH_BUSY_VIEWERS ?? 1000)
const config = benchConfig('bench-feed')

// A new data set makes a new dump; migrations added since are applied to a loaded one.
function seedKey(): string {
  const seed = readFileSync(join(root, 'bench/support/feed-seed.ts'))
  return createHash('sha256').update(seed).digest('hex').slice(0, 16)
}

interface PgliteClient {
  dumpDataDir(compression?: 'gzip' | 'none'): Promise<Blob>
}
interface CountableClient {
  query: (...args: unknown[]) => Promise<unknown>
}
const driverClient = (database: DatabaseHandle): unknown =>
  (database.db as unknown as { $client: unknown }).$client

async function seeded(
  log: (line: string) => void,
): Promise<{ database: DatabaseHandle; cached: boolean }> {
  const started = performance.now()
  const took = () => `${((performance.now() - started) / 1000).toFixed(1)} s`
  if (config.databaseUrl) {
    const database = await createDatabase(config)
    await database.migrate()
    await seedFeed(database.db, log)
    log(`  PostgreSQL seeded in ${took()}`)
    return { database, cached: false }
  }
  const dump = join(root, '.tmp/bench-feed', `pglite-${seedKey()}.tar`)
  if (existsSync(dump)) {
    // File-backed: a 1.3 GB Buffer copied into a Blob would stay in this process's memory.
    const database = await createDatabase(config, { loadDataDir: await openAsBlob(dump) })
    await database.migrate()
    log(`  PGlite loaded from ${dump} in ${took()}`)
    return { database, cached: true }
  }
  const database = await createDatabase(config, { inMemory: true })
  await database.migrate()
  await seedFeed(database.db, log)
  log(`  PGlite seeded in ${took()}`)
  // Uncompressed (1.3 GB): it loads in a quarter of the time a gzipped one takes.
  const blob = await (driverClient(database) as PgliteClient).dumpDataDir('none')
  mkdirSync(join(root, '.tmp/bench-feed'), { recursive: true })
  writeFileSync(dump, Buffer.from(await blob.arrayBuffer()))
  log(`  PGlite dump cached at ${dump}`)
  return { database, cached: false }
}

const { database } = await seeded(log)

// A live server sent last week's summary long ago. Without this, the job's catch-up run a
// minute after start (a scan of the 400,000 prayers, then a notification per member) lands in
// the middle of a measurement, and on PGlite it holds the event loop for seconds.
// The week's JobDue is stored as already handed out: the key keeps any process from recording
// it again, and no subscriber gets it (server/events/scheduled-jobs.ts).
const period = lastWeek(new Date())
await database.db
  .insert(domainEventsTable)
  .values({
    type: 'JobDue',
    payload: { job: WEEKLY_SUMMARY_JOB, period },
    key: `job:${WEEKLY_SUMMARY_JOB}:${period}`,
    occurredAt: new Date(),
    fannedOut: true,
  })
  .onConflictDoNothing()

// Every statement goes through the driver's query(): drizzle's selects, prepared statements
// (the session lookup) and raw SQL alike, on PGlite and on a pg Pool.
const client = driverClient(database) as CountableClient
let statements: { text: string; values: unknown }[] = []
const query = client.query.bind(client)
client.query = (...args: unknown[]) => {
  const [first, values] = args
  const config =
    typeof first === 'string' ? { text: first } : (first as { text?: string; values?: unknown })
  statements.push({ text: config.text ?? '?', values: values ?? config.values })
  return query(...args)
}

async function explain(ran: { text: string; values: unknown }[]): Promise<void> {
  for (const { text, values } of ran) {
    const { rows } = (await query(`explain (analyze, buffers) ${text}`, values)) as {
      rows: Record<string, string>[]
    }
    log(`\n${text.slice(0, 100)}…\n${rows.map((row) => Object.values(row)[0]).join('\n')}`)
  }
}

const { app, port } = await startBenchApp(config, database, () => setChurn(0))
const [cookie] = await memberCookies(database, config, [VIEWER_NUMBER], 'bench:feed')
// Other members for the busy-wall measurement, each with their own groups, flags and kept pages.
const others = await memberCookies(
  database,
  config,
  Array.from({ length: OTHER_VIEWERS }, (_, index) => VIEWER_NUMBER + 1 + index),
  'bench:feed',
)

// A community writing while members read: every change empties the feed cache (ADR 0026; the
// migration's triggers send this very notification at each write's commit).
let churn: ReturnType<typeof setInterval> | undefined
function setChurn(perSecond: number) {
  clearInterval(churn)
  churn = undefined
  if (perSecond > 0)
    churn = setInterval(() => void query(`select pg_notify('feed_changed', '')`), 1000 / perSecond)
}

process.on('message', (raw) => {
  const command = raw as
    | { id: number; cmd: 'count'; url: string; cold: boolean }
    | { id: number; cmd: 'churn'; perSecond: number }
  if (command.cmd === 'churn') {
    setChurn(command.perSecond)
    process.send?.({ id: command.id })
    return
  }
  void (async () => {
    if (command.cold) {
      // A first read: the feed cache forgets its pages as after any write (ADR 0026; the
      // migration's triggers send this very notification), and the listener has run.
      await query(`select pg_notify('feed_changed', '')`)
      await new Promise((resolve) => setTimeout(resolve, 200))
    }
    statements = []
    const response = await app.inject({ url: command.url, headers: { cookie } })
    const counted = statements
    statements = []
    if (process.env.BENCH_EXPLAIN) await explain(counted)
    process.send?.({
      id: command.id,
      status: response.statusCode,
      statements: counted.map(({ text }) => text),
    })
  })()
})
process.send?.({ ready: true, port, cookie, others })
