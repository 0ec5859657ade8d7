import webpush from 'web-push'
import { createTestDatabase } from './test-db'
import type { DatabaseHandle } from '../../server/db/client'
import { createInProcessBackplane } from '../../server/realtime/backplane'
import { startLiveApp, type LiveApp } from './live-app'
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
  live.app.webPush.transport = (subscription, payload, options) =>
    webpush.sendNotification(subscription, payload, { ...options, agent: pushService.agent })
  return {
    database,
    live,
    pushService,
    close: async () => {
      await live.close()
      await pushService.close()
      await backplane.close()
      await database.close()
    },
  }
}
