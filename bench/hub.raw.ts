// bench:hub, the floor: a bare `ws` server holding the same sockets and writing the same
// SignalR record, with nothing between the send and the socket (no negotiate, no handshake,
// no registry groups, no backplane). Ours is measured against this.
import { createServer } from 'node:http'
import { WebSocketServer, type WebSocket } from 'ws'
import { BENCH_EVENT, benchPayload, serveBenchCommands } from './support/hub-bench-child'

const record = (seq: number): string =>
  JSON.stringify({ type: 1, target: BENCH_EVENT, arguments: [benchPayload(seq)] }) + '\u001e'

const sockets = new Set<WebSocket>()
const byUser = new Map<string, WebSocket>()
const http = createServer()
const server = new WebSocketServer({ server: http, perMessageDeflate: false })
server.on('connection', (socket, request) => {
  const user = new URL(request.url ?? '/', 'http://x').searchParams.get('user') ?? ''
  sockets.add(socket)
  byUser.set(user, socket)
  socket.on('close', () => {
    sockets.delete(socket)
    byUser.delete(user)
  })
})
await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve))
const address = http.address()

serveBenchCommands({
  port: typeof address === 'object' && address ? address.port : 0,
  connectionCount: () => sockets.size,
  broadcast: async (seq) => {
    const message = record(seq)
    for (const socket of sockets) socket.send(message)
  },
  sendToUser: async (userId, seq) => {
    byUser.get(userId)?.send(record(seq))
  },
})
