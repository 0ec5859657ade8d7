import { Writable } from 'node:stream'
import { buildApp, type App } from '../../server/app'
import type { Config } from '../../server/config'
import type { Database, DatabaseHandle } from '../../server/db/client'
import { createLogger } from '../../server/plugins/logger'
import { testConfig } from '../helpers/test-config'
import { createUser, sessionCookie } from '../helpers/users'
import { intentionInput } from '../helpers/wall'

// The operations tests' app: over the database under test (a proxied, a starved or a full one),
// its log kept line by line to assert what an operator would read, and one member signed in.

export interface LogLine {
  level: number
  msg: string
}

/**
 * The app over `database` at log level info, its lines in `lines`, and the cookie of a member
 * made on `seed` (the database itself, or a direct connection beside the one under test).
 */
export async function loggedApp(
  database: DatabaseHandle,
  options: { seed: Database; device: string; config?: Config },
) {
  const lines: LogLine[] = []
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().trim().split('\n'))
        lines.push(JSON.parse(line) as LogLine)
      done()
    },
  })
  const app = await buildApp({
    config: options.config ?? testConfig(),
    database,
    logger: createLogger('info', sink),
  })
  await app.ready()
  const user = await createUser(options.seed)
  const { cookie } = await sessionCookie(options.seed, user.id, options.device)
  return { app, lines, cookie }
}

/** A member's new prayer request, as the app answers it. */
export const postRequest = (app: App, cookie: string) =>
  app.inject({
    method: 'POST',
    url: '/api/v1/intentions',
    headers: { cookie },
    payload: intentionInput(),
  })
