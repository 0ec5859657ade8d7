import type { FastifyInstance } from 'fastify'
import { deliver } from '../auth/verification'
import type { Subscriber } from '../events/subscriber'
import { dataExportReadyMail } from '../mail/templates'
import { findUserById } from '../users/users.repository'
import { buildExport, markExportFailed } from './data-export.service'

/**
 * Issue 40: builds a member's archive after their request committed, then tells them in the
 * panel and by mail. A retried delivery rebuilds the pieces; the notification's dedupe key and
 * `buildExport` answering null for a built one make it tell them once.
 */
export function dataExportSubscriber(app: FastifyInstance): Subscriber {
  const { db, config, now } = app.deps
  return {
    name: 'member-data-export',
    on: {
      DataExportRequested: async ({ payload }) => {
        const ready = await buildExport(db, payload.exportId, now).catch(async (error: unknown) => {
          // The member sees it failed and may ask again at once; the delivery is retried too.
          await markExportFailed(db, payload.exportId, now())
          throw error
        })
        if (!ready) return
        await app.notifier.raise({
          userId: payload.userId,
          type: 'DataExportReady',
          title: 'Your data is ready to download',
          message: 'Download it from your account screen within 7 days.',
          data: { exportId: payload.exportId },
          dedupeKey: `data-export:${payload.exportId}`,
        })
        const user = await findUserById(db, payload.userId)
        if (user) deliver(app, dataExportReadyMail(user.email, config.publicUrl))
      },
    },
  }
}
