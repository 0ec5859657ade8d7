import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  CommentBodySchema,
  CommentPageSchema,
  CommentReactionBodySchema,
  CommentReactionResponseSchema,
  CommentReactorsQuerySchema,
  CommentsQuerySchema,
  CommentUpdateBodySchema,
  CommentWriteResponseSchema,
} from '@contract/comments'
import { ReactorPageSchema } from '@contract/reactors'
import { ReportBodySchema } from '@contract/reports'
import { READ, WRITE, readContext, writeContext } from '../auth/route-context'
import type { PublishHold } from '../reports/publish-hold'
import { reactToComment, listCommentReactors } from './comment-reactions.service'
import { reportComment } from './comment-report.service'
import { createComment, deleteComment, listComments, updateComment } from './comments.service'

const IntentionParamsSchema = z.object({ id: z.uuid() })
const CommentParamsSchema = z.object({ id: z.uuid(), commentId: z.uuid() })

function idsOf(params: z.infer<typeof CommentParamsSchema>) {
  return { intentionId: params.id, commentId: params.commentId }
}

/**
 * Comments of a prayer (spec 001 §7). Reading needs a finished profile; every write also a
 * verified email (spec 001 §6: posting a comment does; the rest follow the wall's rule), and
 * a suspended member reads but does not write (writeContext). Every call starts with the
 * prayer's visibility rule, so a private group's thread is 404 to outsiders. A new comment
 * follows the community's publish rule, which app.ts hands in (issue 38).
 */
export function commentsRoutes(
  app: FastifyInstance,
  { publishHold }: { publishHold: PublishHold },
) {
  const routes = app.withTypeProvider<ZodTypeProvider>()
  const tags = ['comments']
  const base = '/api/v1/intentions/:id/comments'
  const params = CommentParamsSchema

  routes.get(
    base,
    {
      config: READ,
      schema: {
        tags,
        params: IntentionParamsSchema,
        querystring: CommentsQuerySchema,
        response: { 200: CommentPageSchema },
      },
    },
    (request) => listComments(readContext(app, request), request.params.id, request.query),
  )

  routes.post(
    base,
    {
      config: { ...WRITE, idempotent: true },
      schema: {
        tags,
        params: IntentionParamsSchema,
        body: CommentBodySchema,
        response: { 201: CommentWriteResponseSchema },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          await createComment(
            { ...writeContext(app, request), publishHold },
            request.params.id,
            request.body,
          ),
        ),
  )

  routes.patch(
    `${base}/:commentId`,
    {
      config: WRITE,
      schema: {
        tags,
        params,
        body: CommentUpdateBodySchema,
        response: { 200: CommentWriteResponseSchema },
      },
    },
    (request) => updateComment(writeContext(app, request), idsOf(request.params), request.body),
  )

  routes.delete(
    `${base}/:commentId`,
    { config: WRITE, schema: { tags, params, response: { 204: z.null() } } },
    async (request, reply) => {
      await deleteComment(writeContext(app, request), idsOf(request.params))
      return reply.code(204).send(null)
    },
  )

  routes.post(
    `${base}/:commentId/reactions`,
    {
      config: { ...WRITE, idempotent: true },
      schema: {
        tags,
        params,
        body: CommentReactionBodySchema,
        response: { 200: CommentReactionResponseSchema },
      },
    },
    (request) => reactToComment(writeContext(app, request), idsOf(request.params), request.body),
  )

  routes.get(
    `${base}/:commentId/reactions`,
    {
      config: READ,
      schema: {
        tags,
        params,
        querystring: CommentReactorsQuerySchema,
        response: { 200: ReactorPageSchema },
      },
    },
    (request) =>
      listCommentReactors(readContext(app, request), idsOf(request.params), request.query),
  )

  routes.post(
    `${base}/:commentId/report`,
    {
      config: WRITE,
      schema: { tags, params, body: ReportBodySchema, response: { 204: z.null() } },
    },
    async (request, reply) => {
      await reportComment(writeContext(app, request), idsOf(request.params), request.body)
      return reply.code(204).send(null)
    },
  )
}
