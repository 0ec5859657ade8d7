import { AsyncLocalStorage } from 'node:async_hooks'
import type { App } from '../../server/app'
import { buildApp } from '../../server/app'
import type { DatabaseHandle } from '../../server/db/client'
import { guardedLogger } from './logged-errors'
import { testConfig } from './test-config'
import { createTestDatabase } from './test-db'

export interface TestAppOverrides {
  /** Environment variables on top of the test config. */
  env?: Record<string, string>
  now?: () => Date
  clientDir?: string | null
  /** Reuse a database (e.g. several apps in one file); otherwise one is cloned from the template. */
  database?: DatabaseHandle
  /** Extra routes or hooks a test needs, added before the app is ready. */
  extend?: (app: App) => void | Promise<void>
  /** Waits before each retry of a failed event subscriber (server/events tests). */
  eventRetryDelaysMs?: readonly number[]
}

export interface TestApp {
  app: App
  database: DatabaseHandle
  db: DatabaseHandle['db']
  close(): Promise<void>
}

/** The real app on a per-file database, for `app.inject`. Create it in beforeAll, not per test. */
export async function createTestApp(overrides: TestAppOverrides = {}): Promise<TestApp> {
  const database = overrides.database ?? (await createTestDatabase())
  const app = await buildApp({
    config: testConfig(overrides.env),
    database,
    // Silent, but an error the dispatcher or the hub logs fails the test (tests/setup/server.ts).
    logger: guardedLogger(),
    clientDir: overrides.clientDir ?? null,
    ...(overrides.now ? { now: overrides.now } : {}),
    ...(overrides.eventRetryDelaysMs ? { eventRetryDelaysMs: overrides.eventRetryDelaysMs } : {}),
  })
  await overrides.extend?.(app)
  await app.ready()
  settleAfterInject(app)
  return {
    app,
    database,
    db: database.db,
    close: async () => {
      await app.close()
      if (!overrides.database) await database.close()
    },
  }
}

/**
 * A write answers before its subscribers run (docs/events.md). Tests read what a member sees a
 * moment later, so each inject here resolves once the events it raised are delivered: the
 * response itself was complete before that. server/events/ tests the asynchrony itself.
 */
function settleAfterInject(app: App) {
  const inject = app.inject.bind(app) as (options: unknown) => Promise<unknown>
  // An inject made while one runs (a sync batch replays its entries so) settles with it: its
  // events are recorded in the batch's transaction, which is still open.
  const outer = new AsyncLocalStorage<true>()
  Object.assign(app, {
    inject: async (options: unknown) => {
      if (outer.getStore()) return inject(options)
      // Awaited inside run(): inject's answer is a lazy thenable that starts when awaited.
      const response = await outer.run(true, async () => await inject(options))
      // Only writes record events; a read leaves the event tables alone (and may run after a
      // test closed the database under the app, as the readiness test does).
      if (isWrite(options)) await app.events.drain()
      return response
    },
  })
}

function isWrite(options: unknown) {
  const method =
    typeof options === 'object' && options !== null && 'method' in options
      ? String(options.method).toUpperCase()
      : 'GET'
  return method !== 'GET' && method !== 'HEAD' && method !== 'OPTIONS'
}
