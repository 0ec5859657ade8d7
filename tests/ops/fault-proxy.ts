import { createServer, connect, type Server, type Socket } from 'node:net'

/**
 * A TCP proxy in front of PostgreSQL or Redis that a test can take down and bring back, as a
 * restart of the service would look from the app: `down()` cuts every open connection and
 * refuses new ones (ECONNREFUSED), `up()` listens again on the same port. The shared services
 * themselves are never stopped (other test files use them).
 */
export interface FaultProxy {
  readonly port: number
  /** `url` with its host and port replaced by the proxy's. */
  via(url: string): string
  down(): Promise<void>
  up(): Promise<void>
  close(): Promise<void>
}

export async function startFaultProxy(target: { host: string; port: number }): Promise<FaultProxy> {
  const sockets = new Set<Socket>()
  let server: Server | null = null
  let port = 0

  function listen() {
    const next = createServer((client) => {
      const upstream = connect(target.port, target.host)
      for (const socket of [client, upstream]) {
        sockets.add(socket)
        socket.on('close', () => sockets.delete(socket))
        socket.on('error', () => {
          client.destroy()
          upstream.destroy()
        })
      }
      client.pipe(upstream).pipe(client)
    })
    return new Promise<void>((resolve, reject) => {
      next.once('error', reject)
      next.listen(port, '127.0.0.1', () => {
        port = (next.address() as { port: number }).port
        server = next
        resolve()
      })
    })
  }

  async function down() {
    const closing = server
    server = null
    for (const socket of sockets) socket.destroy()
    if (closing) await new Promise((resolve) => closing.close(resolve))
  }

  await listen()
  return {
    get port() {
      return port
    },
    via(url) {
      const proxied = new URL(url)
      proxied.hostname = '127.0.0.1'
      proxied.port = String(port)
      return proxied.toString()
    },
    down,
    up: listen,
    close: down,
  }
}
