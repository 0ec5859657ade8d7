// The half of bench:hub that runs inside each measured server process (ours and the raw `ws`
// floor): it answers the orchestrator's IPC commands the same way in both, so the only
// difference between the two rows of the table is how each server delivers a message.

/** The event every bench send carries; the client matches on it and ignores pings. */
export const BENCH_EVENT = 'BenchEvent'

/** Wall-clock milliseconds with sub-millisecond precision, comparable across processes. */
export const clock = (): number => performance.timeOrigin + performance.now()

/** A CounterUpdate-sized payload stamped with its send time (delivery latency = receipt - t). */
export function benchPayload(seq: number): object {
  return {
    intentionId: '0195f7a2-6c1e-7a51-9d0b-3c5e2f4a1b6c',
    prayed_count: 12,
    amen_count: 7,
    candle_count: 3,
    seq,
    t: clock(),
  }
}

export interface BenchServer {
  port: number
  connectionCount(): number
  /** One event to every connection. */
  broadcast(seq: number): Promise<void>
  /** One event to one user's connections. */
  sendToUser(userId: string, seq: number): Promise<void>
}

type Command =
  | { id: number; cmd: 'memory' }
  | { id: number; cmd: 'broadcast'; seq: number; count: number }
  | { id: number; cmd: 'perUser'; seq: number; users: string[] }

const gc = (globalThis as { gc?: () => void }).gc

/** After the first collection, finalizers may free more: collect twice, a tick apart. */
async function settledMemory(server: BenchServer) {
  if (!gc) throw new Error('run the bench server with --expose-gc')
  gc()
  await new Promise((resolve) => setTimeout(resolve, 50))
  gc()
  const { heapUsed, rss, external, arrayBuffers } = process.memoryUsage()
  return { heapUsed, rss, external, arrayBuffers, connections: server.connectionCount() }
}

export function serveBenchCommands(server: BenchServer): void {
  const send = (message: object): void => void process.send?.(message)
  process.on('message', (raw) => {
    const command = raw as Command
    // `sendMs`: from the first send call until every socket write was issued, so the server's
    // own cost can be read apart from the load generator's (which shares this machine).
    // `cpuMs`: the CPU this process spent meanwhile (its threads and the kernel's work on its
    // writes), which a busy machine's scheduling does not stretch the way it stretches sendMs.
    const run = async (): Promise<object> => {
      const started = clock()
      const cpu = process.cpuUsage()
      // The hub writes a turn's records at the turn's end (transports/websockets.ts): wait for
      // it, so both servers are measured until their frames are on the sockets.
      const spent = async () => {
        await new Promise((resolve) => setImmediate(resolve))
        const { user, system } = process.cpuUsage(cpu)
        return { sendMs: clock() - started, cpuMs: (user + system) / 1000 }
      }
      switch (command.cmd) {
        case 'memory':
          return settledMemory(server)
        case 'broadcast':
          // Back to back: a burst measures sustained delivery, a count of 1 one event's latency.
          for (let k = 0; k < command.count; k += 1) await server.broadcast(command.seq + k)
          return spent()
        case 'perUser':
          await Promise.all(command.users.map((user) => server.sendToUser(user, command.seq)))
          return spent()
      }
    }
    run().then(
      (result) => send({ id: command.id, ...result }),
      (error: unknown) => send({ id: command.id, error: String(error) }),
    )
  })
  // The orchestrator going away (Ctrl-C, crash) must not leave 5,000 sockets open.
  process.on('disconnect', () => process.exit(0))
  send({ ready: true, port: server.port })
}
