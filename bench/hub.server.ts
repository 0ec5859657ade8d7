// bench:hub, our side: the real realtime plugin (negotiate, WebSocket upgrade, JSON hub
// protocol, connection registry, in-process backplane) on a bare Fastify, as in the hub's own
// tests. Sessions are a cookie naming the user: the app's session lookup runs only when a
// connection opens, never on a send, so it would add nothing to what is measured here.
import Fastify from 'fastify'
import { createInProcessBackplane } from '../server/realtime/backplane'
import { realtimePlugin } from '../server/realtime/realtime.plugin'
import { BENCH_EVENT, benchPayload, serveBenchCommands } from './support/hub-bench-child'

const app = Fastify({ logger: false })
await app.register(realtimePlugin, {
  backplane: createInProcessBackplane(),
  authenticate: async ({ cookies }) => {
    const user = cookies.session
    return user?.startsWith('bench-user-') ? { userId: user } : null
  },
})
await app.listen({ port: 0, host: '127.0.0.1' })
const address = app.server.address()

serveBenchCommands({
  port: typeof address === 'object' && address ? address.port : 0,
  connectionCount: () => app.hub.connectionCount(),
  // The path every notification takes: HubSender -> backplane -> registry -> each socket.
  broadcast: (seq) => app.hub.sendToAll(BENCH_EVENT, [benchPayload(seq)]),
  sendToUser: (userId, seq) => app.hub.sendToUser(userId, BENCH_EVENT, [benchPayload(seq)]),
})
