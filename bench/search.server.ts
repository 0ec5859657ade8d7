// bench:search, the server side: the whole app (buildApp, as main.ts starts it) over a database
// seeded by bench/support/search-seed.ts. A child of bench/search.mjs: it answers over IPC with
// its port and the cookies of the members whose searches it measures.
//   BENCH_DATABASE_URL: PostgreSQL (a scratch database the parent made); unset = PGlite.
//   BENCH_SEEDED: that database is already migrated and seeded; neither is done again.
import { createDatabase } from '../server/db/client'
import { SEARCHES_PER_MINUTE } from '../server/search/search.routes'
import { benchConfig, log, memberCookies, startBenchApp } from './support/bench-server'
import { seedSearch } from './support/search-seed'

const config = benchConfig('bench-search')
const started = performance.now()
const database = await createDatabase(config, { inMemory: true })
// BENCH_SEEDED: the PostgreSQL database was seeded by an earlier run (BENCH_SEEDED_URL of
// bench/search.mjs), so versions of the code are measured back to back over the same rows.
if (!process.env.BENCH_SEEDED) {
  await database.migrate()
  await seedSearch(database.db, log)
  log(`  ${database.driver} seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`)
}

const { port } = await startBenchApp(config, database)
// Searches are limited per member (SEARCHES_PER_MINUTE): the load is spread over enough
// members that none reaches the limit, as a community's searches would be.
const members = Math.ceil(Number(process.env.BENCH_MEMBERS ?? 3000))
// A hundred at a time: all at once wait on the pool's 10 connections past its connect timeout
// on a busy machine.
const cookies: string[] = []
for (let first = 1; first <= members; first += 100) {
  const numbers = Array.from({ length: Math.min(100, members - first + 1) }, (_, i) => first + i)
  cookies.push(...(await memberCookies(database, config, numbers, 'bench:search')))
}
process.send?.({ ready: true, port, cookies, perMemberPerMinute: SEARCHES_PER_MINUTE })
// The parent asks for the CPU time spent so far, to divide a target's by its requests.
process.on('message', (message) => {
  if (message !== 'cpu') return
  const { user, system } = process.cpuUsage()
  process.send?.({ cpu: user + system })
})
