import { createTestDatabase } from './test-db'
import type { DatabaseHandle } from '../../server/db/client'
import { createInProcessBackplane } from '../../server/realtime/backplane'
import { startLiveApp, type LiveApp } from './live-app'
import { createPushWorkers } from '../../server/notifications/push/push-workers'
import {
  type PushService,
  startPushService,
} from '../../server/notifications/push/testing/push-service'

export interface PushWorld {
  database: DatabaseHandle
  live: LiveApp
  pushService: PushService
  close(): Promise<void>
}

/**
 * A live app whose real web-push sender reaches a local push service (trusting its
 * certificate), on a database of its own: what a push test reads end to end.
 */
export async function startPushWorld(): Promise<PushWorld> {
  const database = await createTestDatabase()
  const backplane = createInProcessBackplane()
  const live = await startLiveApp(database, backplane)
  const pushService = await startPushService()
  // The app's own push workers (push-workers.ts), trusting the local service's certificate.
  const workers = createPushWorkers({ count: 1, ca: String(pushService.agent.options.ca) })
  await workers.warm()
  live.app.webPush.transport = (subscription, payload, options) =>
    workers.send(subscription, payload, options)
  return {
    database,
    live,
    pushService,
    close: async () => {
      await live.close()
      await workers.close()
      await pushService.close()
      await backplane.close()
      await database.close()
    },
  }
}
