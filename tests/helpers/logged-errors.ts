import { Writable } from 'node:stream'
import type { FastifyBaseLogger } from 'fastify'
import { createLogger } from '../../server/plugins/logger'

// The events dispatcher and the hub catch their failures and log them, so a test could pass
// while a subscriber or a hub method failed under it. tests/setup/server.ts fails a test on an
// error they logged during it, as on a console.error, unless the test expects it.

/** The loggers' `component` binding (events.plugin.ts, realtime.plugin.ts) that is guarded. */
const GUARDED = new Set(['events', 'hub'])
const ERROR_LEVEL = 50

export interface LoggedError {
  component: string
  msg: string
  line: Record<string, unknown>
}

let logged: LoggedError[] = []
let expected: RegExp[] = []

/**
 * The running test makes the dispatcher or the hub log an error whose message matches: every
 * such line is then allowed in this test (assert on the log itself where its content matters).
 */
export function expectLoggedError(message: RegExp) {
  expected.push(message)
}

/**
 * A pino destination that hands error lines to the guard: those of a guarded component, or,
 * with `component`, every error line (a dispatcher or hub a test builds with this logger).
 */
export function guardedDestination(
  component?: string,
  onLine?: (line: Record<string, unknown>) => void,
) {
  return new Writable({
    write(chunk: Buffer, _encoding, done) {
      const line = JSON.parse(chunk.toString()) as Record<string, unknown>
      onLine?.(line)
      const from = component ?? (typeof line.component === 'string' ? line.component : '')
      if (Number(line.level) >= ERROR_LEVEL && GUARDED.has(from))
        logged.push({ component: from, msg: String(line.msg), line })
      done()
    },
  })
}

/** The app's logger in tests: nothing is printed, the guarded components' errors are kept. */
export function guardedLogger(): FastifyBaseLogger {
  return createLogger('error', guardedDestination())
}

/** The errors logged since the last call that no expectation allowed; starts the next test. */
export function takeUnexpectedErrors(): LoggedError[] {
  const allowed = expected
  const unexpected = logged.filter((error) => !allowed.some((pattern) => pattern.test(error.msg)))
  logged = []
  expected = []
  return unexpected
}
