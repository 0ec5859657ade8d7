import type { FastifyInstance } from 'fastify'
import type { Subscriber } from '../events/subscriber'
import { memberLanguage } from '../i18n/language'
import { sendMailOnce } from '../mail/send-once'
import { dataExportReadyMail } from '../mail/templates'
import { findUserById } from '../users/users.repository'
import { buildExport, markExportFailed } from './data-export.service'

/**
 * Issue 40: builds a member's archive after their request committed, then tells them in the
 * panel and by mail. A retried delivery rebuilds the pieces of an archive not yet built, or finds
 * it built; the notification's dedupe key and sendMailOnce (mail that must arrive) tell them once.
 */
export function dataExportSubscriber(app: FastifyInstance): Subscriber {
  const { db, config, now } = app.deps
  return {
    name: 'member-data-export',
    on: {
      DataExportRequested: async ({ id, payload }) => {
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
        if (user)
          await sendMailOnce(app, id, 'data_export_ready', async () =>
            dataExportReadyMail(
              await memberLanguage(app, user.language),
              user.email,
              config.publicUrl,
            ),
          )
      },
    },
  }
}
