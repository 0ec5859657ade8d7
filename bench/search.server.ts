// bench:search, the server side: the whole app (buildApp, as main.ts starts it) over a database
// seeded by bench/support/search-seed.ts. A child of bench/search.mjs: it answers over IPC with
// its port and the cookies of the members whose searches it measures.
//   BENCH_DATABASE_URL: PostgreSQL (a scratch database the parent made); unset = PGlite.
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { sessionCookieName } from '../server/auth/session-cookie'
import { createSession } from '../server/auth/sessions'
import { buildApp } from '../server/app'
import { loadConfig } from '../server/config'
import { createDatabase } from '../server/db/client'
import { SEARCHES_PER_MINUTE } from '../server/search/search.routes'
import { seedSearch } from './support/search-seed'

const root = fileURLToPath(new URL('..', import.meta.url))
const log = (line: string): void => void process.stdout.write(`${line}\n`)

const config = loadConfig({
  HOST: '127.0.0.1',
  APP_ENV: 'development',
  LOG_LEVEL: 'warn',
  DATA_DIR: join(root, '.tmp/bench-search/data'),
  ...(process.env.BENCH_DATABASE_URL ? { DATABASE_URL: process.env.BENCH_DATABASE_URL } : {}),
})

const started = performance.now()
const database = await createDatabase(config, { inMemory: true })
await database.migrate()
await seedSearch(database.db, log)
log(`  ${database.driver} seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`)

const app = await buildApp({ config, database })
await app.listen({ port: 0, host: '127.0.0.1' })
const address = app.server.address()
// Searches are limited per member (SEARCHES_PER_MINUTE): the load is spread over enough
// members that none reaches the limit, as a community's searches would be.
const members = Math.ceil(Number(process.env.BENCH_MEMBERS ?? 3000))
const cookies = await Promise.all(
  Array.from({ length: members }, async (_, index) => {
    const session = await createSession(database.db, {
      userId: `00000001-0000-4000-8000-${(1 + index).toString(16).padStart(12, '0')}`,
      persistent: true,
      userAgent: 'bench:search',
      now: new Date(),
    })
    return `${sessionCookieName(config)}=${session.token}`
  }),
)

process.on('disconnect', () => {
  void app
    .close()
    .then(() => database.close())
    .finally(() => process.exit(0))
})
process.send?.({
  ready: true,
  port: typeof address === 'object' && address ? address.port : 0,
  cookies,
  perMemberPerMinute: SEARCHES_PER_MINUTE,
})
