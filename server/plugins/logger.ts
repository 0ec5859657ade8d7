import pino, { type DestinationStream, type Logger } from 'pino'
import type { Config } from '../config'
import { withoutPasswords } from '../config-url-password'
import { logOutput } from './log-output'

// Errors reach the log with what their library attached to them. ioredis puts the failed
// command on its errors: a refused connection's HELLO/AUTH carries REDIS_URL's password in its
// args (and a failed PUBLISH a hub message). A message or stack may quote a connection URL. So
// every logged error keeps only its command's name, and no URL in it keeps its password.
function scrub(value: unknown, key: string, seen: WeakSet<object>): unknown {
  if (typeof value === 'string') return withoutPasswords(value)
  if (!value || typeof value !== 'object') return value
  if (seen.has(value)) return '[Circular]'
  seen.add(value)
  if (Array.isArray(value)) return value.map((item) => scrub(item, key, seen))
  const entries = Object.entries(value).filter(([name]) => !(key === 'command' && name === 'args'))
  return Object.fromEntries(entries.map(([name, inner]) => [name, scrub(inner, name, seen)]))
}

type SerializedError = ReturnType<typeof pino.stdSerializers.err>

export const logSerializers = {
  err: (error: Error) =>
    scrub(pino.stdSerializers.err(error), 'err', new WeakSet()) as SerializedError,
}

/**
 * The process's logger (main.ts); buildApp gives Fastify's own the same serializers. By default
 * it writes to standard output through log-output.ts, which drops what cannot be written.
 */
export function createLogger(
  level: Config['logLevel'],
  destination: DestinationStream = logOutput(),
): Logger {
  return pino({ level, serializers: logSerializers }, destination)
}
