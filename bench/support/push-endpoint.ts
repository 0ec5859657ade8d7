// bench:reminders' push service in a process of its own: in production the push service is
// Google's or Mozilla's, so its TLS and HTTP work must not count against the server's CPU.
// Started by bench/reminders.run.ts over IPC: answers its address and certificate, then how
// many pushes it received whenever asked.
import { startPushService } from '../../server/notifications/push/testing/push-service'

// BENCH_PUSH_DELAY_MS: each answer waits this long (a real push service is a round trip away).
const service = await startPushService({ delayMs: Number(process.env.BENCH_PUSH_DELAY_MS ?? 0) })
const send = (message: object) => process.send!(message)
send({ type: 'ready', url: service.url, ca: String(service.agent.options.ca) })
process.on('message', (message: { type: string }) => {
  if (message.type === 'count') send({ type: 'count', received: service.received.length })
  if (message.type === 'close') void service.close().then(() => process.exit(0))
})
