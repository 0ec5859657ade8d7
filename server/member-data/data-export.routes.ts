import { Readable } from 'node:stream'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { DataExportParamsSchema, DataExportStatusSchema } from '@contract/member-data'
import type { Viewer } from '../auth/viewer'
import { exportStatus, openDownload, requestExport } from './data-export.service'

/**
 * Issue 40 "Download my data", for any signed-in member (the session plugin's default deny),
 * suspended ones too: the data is theirs. The names and shapes are the issue's.
 */
export function dataExportRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>()
  const tags = ['account']
  const { db, now } = app.deps
  const userOf = (request: { viewer: Viewer | null }) => (request.viewer as Viewer).userId

  routes.post(
    '/api/v1/users/me/export',
    { schema: { tags, response: { 202: DataExportStatusSchema } } },
    async (request, reply) => reply.code(202).send(await requestExport(db, userOf(request), now())),
  )

  routes.get(
    '/api/v1/users/me/export',
    { schema: { tags, response: { 200: DataExportStatusSchema } } },
    async (request) => exportStatus(db, userOf(request), now()),
  )

  routes.get(
    '/api/v1/users/me/export/:id/download',
    { schema: { tags, params: DataExportParamsSchema } },
    async (request, reply) => {
      const archive = await openDownload(db, userOf(request), request.params.id, now())
      return reply
        .header('content-type', 'application/zip')
        .header('content-length', String(archive.size))
        .header('content-disposition', `attachment; filename="${archive.fileName}"`)
        .send(Readable.from(archive.pieces))
    },
  )
}
