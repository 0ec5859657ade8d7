import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { SYNC_MAX_ENTRIES, SYNC_PATH } from '@contract/outbox'
import { SyncRequestSchema, SyncResponseSchema } from '@contract/sync'
import { asOneBatch } from '../db/scoped-database'
import { applyEntries } from './apply-entries'
import { asBatchViewer } from '../auth/batch-viewer'
import { requestLanguage } from '../i18n/language'
import { savedLanguage } from '../users/language-setting'

// A batch holds up to 100 writes, each as large as a single call may be.
const BODY_LIMIT_FACTOR = 8

/**
 * POST /api/v1/sync (issue 19): the outbox in one request instead of one per write. Entries are
 * applied one after another in the order sent, each as its single call; an entry that fails
 * does not stop the others, but a later entry on the same item is not applied (424
 * `depends_on_failed`): it would overtake the write it follows. Each entry keeps its own
 * Idempotency-Key, so a batch sent again after a dropped connection changes nothing twice.
 * The whole batch is one transaction (ADR 0019): one commit and one wake-up of the events'
 * dispatcher instead of one per write, which is most of what a write costs on PGlite.
 */
export function syncRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().post(
    SYNC_PATH,
    {
      bodyLimit: app.deps.config.bodyLimitBytes * BODY_LIMIT_FACTOR,
      schema: {
        tags: ['sync'],
        summary: 'Send queued offline writes in order, as one request',
        description:
          `Up to ${SYNC_MAX_ENTRIES} entries, each {key (its Idempotency-Key), method, path, body} ` +
          'of a call the offline outbox may queue (pray, reactions, comments, comment reactions, ' +
          'testimony reactions, a new prayer request). Each is applied as the signed-in member ' +
          "through the same route as its single call and answered with that call's status and " +
          'body, in order. Another path is answered 400 `not_queueable` for that entry; an entry ' +
          'after a failed one on the same prayer or testimony is answered 424 ' +
          '`depends_on_failed` without being applied. Over 100 entries or malformed: 400.',
        body: SyncRequestSchema,
        response: { 200: SyncResponseSchema },
      },
    },
    async (request) => {
      // For /metrics (docs/operations.md): how much members bring back from offline.
      app.metrics.batchSize('sync', request.body.entries.length)
      // The entries' routes read the community's rules (issue 38) from the process's cache. Fill
      // it before the batch's transaction: filled inside, on PGlite's one connection, the read
      // would wait for that very transaction to end.
      await app.community.read()
      // The batch's own refusals in the member's language, read before the transaction too.
      const language = await requestLanguage(app, request, (id) => savedLanguage(app.deps.db, id))
      const results = await app.events.foreground.run(() =>
        app.deps.db.transaction((transaction) =>
          asBatchViewer(request.viewer, () =>
            asOneBatch(transaction, () =>
              applyEntries(app, request, transaction, request.body.entries, language),
            ),
          ),
        ),
      )
      return { results }
    },
  )
}
