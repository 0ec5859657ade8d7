import Fastify, { type FastifyInstance } from 'fastify'
import {
  HubConnectionBuilder,
  type HttpTransportType,
  type HubConnection,
  type ILogger,
  type LogLevel,
} from '@microsoft/signalr'
import type { HubAuthRequest } from './auth'
import type { Backplane } from './backplane'
import { createInProcessBackplane } from './backplane'
import { guardedLogger } from '../../tests/helpers/logged-errors'
import { realtimePlugin, type RealtimePluginOptions } from './realtime.plugin'

// Test support for the hub's suites: a bare Fastify with the plugin on a real port, a fake
// session store, and the REAL @microsoft/signalr client configured for fast timeouts.

// Short enough for fast tests, with room for an event-loop stall of a second on a busy machine
// (server and client share one process here).
export const HUB_TEST_KEEP_ALIVE_MS = 300
export const HUB_TEST_TIMEOUT_MS = 1500

/** Session cookie value -> user, like the app's session table; tests delete entries to "log out". */
export const sessions = new Map<string, string>([
  ['alice-session', 'alice'],
  ['bob-session', 'bob'],
])

export async function fakeAuthenticate(
  request: HubAuthRequest,
): Promise<{ userId: string } | null> {
  const userId = sessions.get(request.cookies.session ?? '')
  return userId ? { userId } : null
}

export interface HubTestServer {
  app: FastifyInstance
  url: string
  port: number
  close(): Promise<void>
}

export async function startHubServer(
  options: Partial<RealtimePluginOptions> & { port?: number; backplane?: Backplane } = {},
): Promise<HubTestServer> {
  const { port = 0, ...pluginOptions } = options
  // The Node client leaves keep-alive sockets that never carry a request (seen on long polling
  // stop); an idle-only close would wait for their headers timeout.
  // Silent, but an error the hub logs fails the test (tests/helpers/logged-errors.ts).
  const app = Fastify({ loggerInstance: guardedLogger(), forceCloseConnections: true })
  await app.register(realtimePlugin, {
    authenticate: fakeAuthenticate,
    backplane: createInProcessBackplane(),
    keepAliveMs: HUB_TEST_KEEP_ALIVE_MS,
    clientTimeoutMs: HUB_TEST_TIMEOUT_MS,
    ...pluginOptions,
  })
  await app.listen({ port, host: '127.0.0.1' })
  const address = app.server.address()
  const actualPort = typeof address === 'object' && address ? address.port : port
  return { app, url: `http://127.0.0.1:${actualPort}`, port: actualPort, close: () => app.close() }
}

/** Keeps the client's log for assertions instead of printing it (console.error fails tests). */
export class MemoryLogger implements ILogger {
  readonly entries: { level: LogLevel; message: string }[] = []
  log(level: LogLevel, message: string): void {
    this.entries.push({ level, message })
  }
}

export function buildClient(
  baseUrl: string,
  transport: HttpTransportType,
  {
    cookie = 'session=alice-session',
    reconnect = false,
  }: { cookie?: string | null; reconnect?: boolean } = {},
): { connection: HubConnection; logger: MemoryLogger } {
  const logger = new MemoryLogger()
  let builder = new HubConnectionBuilder()
    .withUrl(`${baseUrl}/hub/notifications`, {
      transport,
      headers: cookie ? { Cookie: cookie } : {},
    })
    .configureLogging(logger)
    .withServerTimeout(HUB_TEST_TIMEOUT_MS)
    .withKeepAliveInterval(HUB_TEST_KEEP_ALIVE_MS)
  if (reconnect) builder = builder.withAutomaticReconnect([0, 200, 500])
  return { connection: builder.build(), logger }
}

export const nextEvent = <T>(
  connection: HubConnection,
  name: string,
  timeoutMs = 3000,
): Promise<T> =>
  new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`no ${name} within ${timeoutMs} ms`)),
      timeoutMs,
    )
    const handler = (payload: T): void => {
      clearTimeout(timer)
      connection.off(name, handler)
      resolve(payload)
    }
    connection.on(name, handler)
  })

export const delay = (ms: number): Promise<void> =>
  new Promise((resolve) => setTimeout(resolve, ms))
