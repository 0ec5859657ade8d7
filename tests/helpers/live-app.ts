import { HttpTransportType, HubConnectionBuilder, type HubConnection } from '@microsoft/signalr'
import { testConfig } from './test-config'
import { buildApp, type App } from '../../server/app'
import type { DatabaseHandle } from '../../server/db/client'
import type { Backplane } from '../../server/realtime/backplane'
import { MemoryLogger } from '../../server/realtime/hub-test-server'

// The whole app on a real port, for the official SignalR client (inject cannot upgrade or stream).

export interface LiveApp {
  app: App
  url: string
  close(): Promise<void>
}

export async function startLiveApp(
  database: DatabaseHandle,
  backplane: Backplane,
): Promise<LiveApp> {
  const app = await buildApp({ config: testConfig(), database, backplane })
  await app.listen({ port: 0, host: '127.0.0.1' })
  const address = app.server.address()
  const port = typeof address === 'object' && address ? address.port : 0
  return {
    app,
    url: `http://127.0.0.1:${port}`,
    // The SignalR Node client can leave a keep-alive socket that never sends a request after
    // long polling; Fastify's close would wait out the headers timeout (60 s) for it. Nothing is
    // in flight when a test closes, so drop every socket at once.
    close: async () => {
      const closing = app.close()
      app.server.closeAllConnections()
      await closing
    },
  }
}

export function connectAs(
  baseUrl: string,
  cookie: string,
  transport: HttpTransportType = HttpTransportType.WebSockets,
): HubConnection {
  return new HubConnectionBuilder()
    .withUrl(`${baseUrl}/hub/notifications`, { transport, headers: { Cookie: cookie } })
    .configureLogging(new MemoryLogger())
    .build()
}

/** Resolves with the first `name` event that passes `match`. */
export function eventOf<T>(
  connection: HubConnection,
  name: string,
  match: (payload: T) => boolean = () => true,
  timeoutMs = 8000,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`no ${name} within ${timeoutMs} ms`)),
      timeoutMs,
    )
    const handler = (payload: T) => {
      if (!match(payload)) return
      clearTimeout(timer)
      connection.off(name, handler)
      resolve(payload)
    }
    connection.on(name, handler)
  })
}
