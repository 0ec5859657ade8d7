import { createHash } from 'node:crypto'
import { and, eq, isNull, lt } from 'drizzle-orm'
import type { FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { ErrorCode } from '@contract/errors'
import { PROBLEM_CONTENT_TYPE } from '../plugins/problem-details'
import { httpError } from '../errors/problem-error'
import { uuidv7 } from 'uuidv7'
import { idempotencyStatements } from './idempotency-statements'
import { idempotencyKeysTable } from './idempotency.table'
import '../plugins/route-config'

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Replayable write: an Idempotency-Key repeat gets the first answer again (DESIGN §4). */
    idempotent?: boolean
  }
  interface FastifyRequest {
    idempotencyRecordId: string | null
  }
}

export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000
// A record still "in progress" this long after it began belongs to a request that died with
// its process; the next repeat takes it over instead of waiting 24 hours.
export const ABANDONED_AFTER_MS = 60 * 1000
const IN_PROGRESS = 0
const SWEEP_EVERY_MS = 60 * 1000
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/

export const IDEMPOTENCY_MESSAGES = {
  invalidKey: 'Idempotency-Key must be 1 to 255 visible ASCII characters.',
  mismatch: 'This Idempotency-Key was already used for a different request.',
  inProgress: 'A request with this Idempotency-Key is still being processed. Try again shortly.',
} as const

function hashRequest(body: unknown): string {
  return createHash('sha256')
    .update(JSON.stringify(body ?? null))
    .digest('hex')
}

function replay(reply: FastifyReply, status: number, body: unknown) {
  reply.code(status).header('idempotent-replayed', 'true')
  if (body === null) return reply.send()
  return reply
    .type(status >= 400 ? PROBLEM_CONTENT_TYPE : 'application/json; charset=utf-8')
    .send(JSON.stringify(body))
}

/**
 * Routes with `config: { idempotent: true }` store their first answer (status and body) per
 * (key, user, method, path) for 24 hours and return it for every repeat, so an outbox replay
 * never creates twice or flips a toggle back. A repeat while the first is still running gets
 * 409 `idempotency_in_progress` at once (the outbox simply retries later) rather than holding
 * a connection open. Server errors (5xx) and 429s are not stored: a retry runs for real.
 */
export const idempotencyPlugin = fp(
  async (app) => {
    app.decorateRequest('idempotencyRecordId', null)
    let lastSweep = Number.NEGATIVE_INFINITY

    app.addHook('preHandler', async (request: FastifyRequest, reply) => {
      const header = request.headers['idempotency-key']
      if (!request.routeOptions.config.idempotent || header === undefined) return
      const key = Array.isArray(header) ? header[0]! : header
      if (!KEY_PATTERN.test(key))
        throw httpError(400, ErrorCode.badRequest, IDEMPOTENCY_MESSAGES.invalidKey)
      const { db } = app.deps
      const now = app.deps.now()
      const userId = request.viewer?.userId ?? null
      const scope = {
        key,
        userId,
        method: request.method,
        path: request.url.split('?')[0]!,
      }
      const sameScope = and(
        eq(idempotencyKeysTable.key, scope.key),
        userId === null
          ? isNull(idempotencyKeysTable.userId)
          : eq(idempotencyKeysTable.userId, userId),
        eq(idempotencyKeysTable.method, scope.method),
        eq(idempotencyKeysTable.path, scope.path),
      )
      const requestHash = hashRequest(request.body)
      // Two rounds: the second runs after clearing an expired or abandoned record.
      for (let round = 0; round < 2; round += 1) {
        const [claimed] = await idempotencyStatements(db).claim.execute({
          ...scope,
          id: uuidv7(),
          requestHash,
          status: IN_PROGRESS,
          createdAt: now,
        })
        if (claimed) {
          request.idempotencyRecordId = claimed.id
          // Expired records go at most once a minute, not on every write: a drained outbox
          // (issue 19) claims hundreds of keys in a row, and one sweep serves them all.
          if (now.getTime() - lastSweep >= SWEEP_EVERY_MS) {
            lastSweep = now.getTime()
            await db
              .delete(idempotencyKeysTable)
              .where(lt(idempotencyKeysTable.createdAt, new Date(now.getTime() - IDEMPOTENCY_TTL_MS)))
          }
          return
        }
        const [existing] = await db.select().from(idempotencyKeysTable).where(sameScope)
        if (!existing) continue
        const age = now.getTime() - existing.createdAt.getTime()
        if (
          age >= IDEMPOTENCY_TTL_MS ||
          (existing.status === IN_PROGRESS && age >= ABANDONED_AFTER_MS)
        ) {
          await db.delete(idempotencyKeysTable).where(eq(idempotencyKeysTable.id, existing.id))
          continue
        }
        if (existing.requestHash !== requestHash) {
          throw httpError(422, ErrorCode.idempotencyMismatch, IDEMPOTENCY_MESSAGES.mismatch)
        }
        if (existing.status === IN_PROGRESS)
          throw httpError(409, ErrorCode.idempotencyInProgress, IDEMPOTENCY_MESSAGES.inProgress)
        return replay(reply, existing.status, existing.responseBody)
      }
      throw httpError(409, ErrorCode.idempotencyInProgress, IDEMPOTENCY_MESSAGES.inProgress)
    })

    app.addHook('onSend', async (request, reply, payload) => {
      const id = request.idempotencyRecordId
      if (id === null) return payload
      request.idempotencyRecordId = null
      const record = eq(idempotencyKeysTable.id, id)
      let body: unknown = null
      try {
        if (typeof payload === 'string' && payload.length > 0) body = JSON.parse(payload)
      } catch {
        body = undefined
      }
      // A 429 says "not now", not "no": the repeat the outbox sends later must run for real.
      if (reply.statusCode >= 500 || reply.statusCode === 429 || body === undefined) {
        await app.deps.db.delete(idempotencyKeysTable).where(record)
      } else {
        await idempotencyStatements(app.deps.db).store.execute({
          id,
          status: reply.statusCode,
          body: body === null ? null : JSON.stringify(body),
        })
      }
      return payload
    })
  },
  { name: 'idempotency', dependencies: ['session'] },
)
