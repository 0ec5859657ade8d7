// What the benches' server children share (bench/feed.server.ts, bench/search.server.ts): the
// app's config, started as main.ts starts it on a free port, signed-in members' cookies, and
// the IPC with the parent bench, which stops the server by disconnecting.
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { sessionCookieName } from '../../server/auth/session-cookie'
import { createSession } from '../../server/auth/sessions'
import { buildApp } from '../../server/app'
import { type Config, loadConfig } from '../../server/config'
import type { DatabaseHandle } from '../../server/db/client'

export const root = fileURLToPath(new URL('../..', import.meta.url))
export const log = (line: string): void => void process.stdout.write(`${line}\n`)

/** Development config on 127.0.0.1; BENCH_DATABASE_URL = PostgreSQL, unset = PGlite. */
export function benchConfig(name: string): Config {
  return loadConfig({
    HOST: '127.0.0.1',
    APP_ENV: 'development',
    LOG_LEVEL: 'warn',
    DATA_DIR: join(root, `.tmp/${name}/data`),
    ...(process.env.BENCH_DATABASE_URL ? { DATABASE_URL: process.env.BENCH_DATABASE_URL } : {}),
  })
}

/** The seeds' member number n (1-based) as a user id. */
export const memberId = (n: number): string =>
  `00000001-0000-4000-8000-${n.toString(16).padStart(12, '0')}`

/** A persistent session cookie for each of these members. */
export function memberCookies(
  database: DatabaseHandle,
  config: Config,
  numbers: number[],
  userAgent: string,
): Promise<string[]> {
  return Promise.all(
    numbers.map(async (number) => {
      const session = await createSession(database.db, {
        userId: memberId(number),
        persistent: true,
        userAgent,
        now: new Date(),
      })
      return `${sessionCookieName(config)}=${session.token}`
    }),
  )
}

/**
 * The app over `database`, listening on a free port; closed with the database when the parent
 * disconnects (after `onStop`).
 */
export async function startBenchApp(
  config: Config,
  database: DatabaseHandle,
  onStop: () => void = () => {},
) {
  const app = await buildApp({ config, database })
  await app.listen({ port: 0, host: '127.0.0.1' })
  const address = app.server.address()
  process.on('disconnect', () => {
    onStop()
    void app
      .close()
      .then(() => database.close())
      .finally(() => process.exit(0))
  })
  return { app, port: typeof address === 'object' && address ? address.port : 0 }
}
