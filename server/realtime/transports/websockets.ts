import { STATUS_CODES, type IncomingMessage } from 'node:http'
import type { Duplex } from 'node:stream'
import { WebSocketServer, type RawData, type WebSocket } from 'ws'
import { authRequest, type HubAuthenticate } from '../auth'
import type { HubConnection, TransportSink } from '../connection'
import type { HubRuntime } from '../hub'
import type { HubLogger } from '../hub-api'
import { queryValue } from '../negotiate'

export class WebSocketSink implements TransportSink {
  readonly name = 'WebSockets'
  // The first record of a turn of the event loop goes out at once; those written after it in
  // the same turn go out together as one text frame when the turn ends. A busy prayer's
  // CounterUpdates and a dispatcher batch's notifications then cost each watcher two socket
  // writes instead of one each, and a lone event waits for nothing (issue 45; a frame may hold
  // several records, notes §3 "Framing").
  private pending = ''
  private turn: NodeJS.Immediate | null = null

  constructor(private readonly socket: WebSocket) {}

  write(chunk: string): void {
    if (this.turn) {
      this.pending += chunk
      return
    }
    this.turn = setImmediate(() => this.flush())
    this.sendNow(chunk)
  }

  private flush(): void {
    if (this.turn) clearImmediate(this.turn)
    this.turn = null
    const chunk = this.pending
    this.pending = ''
    if (chunk) this.sendNow(chunk)
  }

  private sendNow(chunk: string): void {
    if (this.socket.readyState === this.socket.OPEN) this.socket.send(chunk)
  }

  end(): void {
    // What was written before the end still goes out (a close message, a last completion).
    this.flush()
    // 1000: anything else makes the client report `WebSocket closed with status code`.
    if (this.socket.readyState === this.socket.OPEN) this.socket.close(1000)
  }

  buffered(): number {
    return this.socket.bufferedAmount + this.pending.length
  }
}

const text = (data: RawData): string =>
  (Array.isArray(data)
    ? Buffer.concat(data)
    : Buffer.isBuffer(data)
      ? data
      : Buffer.from(data)
  ).toString('utf8')

function refuse(socket: Duplex, status: number): void {
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`,
  )
}

// CORS does not cover WebSockets: a cookie-authenticated socket could be opened by any site
// (notes §7), so a browser's Origin must be ours. Non-browser clients send no Origin.
function originAllowed(request: IncomingMessage, allowedOrigins: readonly string[]): boolean {
  const origin = request.headers.origin
  if (!origin) return true
  if (allowedOrigins.includes(origin)) return true
  try {
    return new URL(origin).host === request.headers.host
  } catch {
    return false
  }
}

interface WebSocketOptions {
  hub: HubRuntime
  path: string
  authenticate: HubAuthenticate
  allowedOrigins: readonly string[]
  logger: HubLogger
}

/** Handles `upgrade` for the hub path (ws://…?id=<token>); other paths are left to other handlers. */
export function createWebSocketUpgrade({
  hub,
  path,
  authenticate,
  allowedOrigins,
  logger,
}: WebSocketOptions) {
  const server = new WebSocketServer({
    noServer: true,
    perMessageDeflate: false,
    maxPayload: 1 << 20,
  })

  const attach = (connection: HubConnection, socket: WebSocket): void => {
    // Another request may have taken the connection while this one was authenticating.
    if (connection.state !== 'negotiated') return void socket.close(1000)
    hub.activate(connection, new WebSocketSink(socket))
    socket.on('message', (data) => hub.receive(connection, text(data)))
    socket.on('close', () => hub.close(connection))
    socket.on('error', () => hub.close(connection))
  }

  const upgrade = async (request: IncomingMessage, socket: Duplex, head: Buffer): Promise<void> => {
    if (!originAllowed(request, allowedOrigins)) return refuse(socket, 403)
    const user = await authenticate(authRequest(request.headers))
    if (!user) return refuse(socket, 401)
    if ('refused' in user) return refuse(socket, 403)
    const token = queryValue(request.url ?? '', 'id')
    // No id means the client skipped negotiation: the connection starts here (notes §2).
    const connection =
      token === undefined ? hub.open(user.userId, request.headers.cookie ?? '', 1) : hub.find(token)
    if (!connection) return refuse(socket, 404)
    if (connection.userId !== user.userId) return refuse(socket, 403)
    if (connection.transport)
      return refuse(socket, connection.transport.name === 'WebSockets' ? 409 : 400)
    connection.cookie = request.headers.cookie ?? ''
    connection.secondFactor = user.secondFactor === true
    server.handleUpgrade(request, socket, head, (ws) => attach(connection, ws))
  }

  return {
    onUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void {
      if (new URL(request.url ?? '/', 'http://x').pathname.replace(/\/$/, '') !== path) return
      socket.on('error', () => socket.destroy())
      upgrade(request, socket, head).catch((error: unknown) => {
        logger.error({ err: error }, 'hub websocket upgrade failed')
        refuse(socket, 500)
      })
    },
    close(): void {
      server.close()
    },
  }
}
