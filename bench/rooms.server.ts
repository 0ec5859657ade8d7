// bench:rooms, one server process: the real realtime plugin on a bare Fastify with the Redis
// backplane (two of these run), a room's roster exactly as server/rooms/room-hub.ts renders it
// (RoomPresenceUpdate), and IPC commands for the orchestrator (bench/rooms.mjs). The room's
// database work (JoinRoom's checks, RoomAmen's prayer) is not here: this measures the fan-out.
import Fastify from 'fastify'
import { RoomHubEvent } from '../contract/rooms'
import type { HubMethodHandler } from '../server/realtime/hub-api'
import { realtimePlugin } from '../server/realtime/realtime.plugin'
import { createRedisBackplane } from '../server/realtime/redis-backplane'
import { presenceOf, ROOM_GROUP_PREFIX, roomGroup } from '../server/rooms/room-presence'

const clock = (): number => performance.timeOrigin + performance.now()
const backplane = createRedisBackplane({
  url: process.env.BENCH_REDIS_URL ?? '',
  prefix: process.env.BENCH_PREFIX ?? 'bench-rooms',
})
const methods: Record<string, HubMethodHandler> = {
  // JoinRoom's hub half: the roster (every process learns of it) and the room's group.
  JoinRoom: ({ hub, connectionId, userId }, roomId) =>
    hub.joinRoster(connectionId, roomGroup(String(roomId)), { name: userId, seen: true }),
  LeaveRoom: ({ hub, connectionId }, roomId) =>
    hub.leaveRoster(connectionId, roomGroup(String(roomId))),
}
const app = Fastify({ logger: false })
await app.register(realtimePlugin, {
  backplane,
  methods,
  authenticate: async ({ cookies }) => {
    const user = cookies.session
    return user?.startsWith('bench-user-') ? { userId: user } : null
  },
})
app.hub.onRosterChange(ROOM_GROUP_PREFIX, (group, members) => ({
  target: RoomHubEvent.RoomPresenceUpdate,
  args: [presenceOf(group.slice(ROOM_GROUP_PREFIX.length), members, false)],
}))
await app.listen({ port: 0, host: '127.0.0.1' })
const address = app.server.address()

const gc = (globalThis as { gc?: () => void }).gc
async function memory() {
  if (!gc) throw new Error('run with --expose-gc')
  gc()
  await new Promise((resolve) => setTimeout(resolve, 50))
  gc()
  return { heapUsed: process.memoryUsage().heapUsed, connections: app.hub.connectionCount() }
}

type Command =
  | { id: number; cmd: 'memory' }
  | { id: number; cmd: 'amen' | 'broadcast'; seq: number; roomId: string }
process.on('message', (raw) => {
  const command = raw as Command
  const run = async (): Promise<object> => {
    if (command.cmd === 'memory') return memory()
    const payload = { roomId: command.roomId, intentionId: command.roomId, count: command.seq }
    const stamped = { ...payload, seq: command.seq, t: clock() }
    // An Amen goes to the room's group; the bare hub's broadcast of the same size to everyone.
    if (command.cmd === 'amen')
      await app.hub.sendToGroup(roomGroup(command.roomId), RoomHubEvent.RoomAmen, [stamped])
    else await app.hub.sendToAll('BenchEvent', [stamped])
    return {}
  }
  run().then(
    (result) => process.send?.({ id: command.id, ...result }),
    (error: unknown) => process.send?.({ id: command.id, error: String(error) }),
  )
})
process.on('disconnect', () => process.exit(0))
process.send?.({ ready: true, port: typeof address === 'object' && address ? address.port : 0 })
