import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod'
import { ErrorCode, type FieldError, type ProblemDetails } from '@contract/errors'
import { outageKind } from '../db/outage'
import { ProblemError } from '../errors/problem-error'

export const PROBLEM_CONTENT_TYPE = 'application/problem+json; charset=utf-8'

export function problem(
  status: number,
  code: string,
  detail: string,
  errors?: FieldError[],
): ProblemDetails {
  return { type: `urn:problem:${code}`, title: code, status, detail, ...(errors ? { errors } : {}) }
}

export function sendProblem(reply: FastifyReply, body: ProblemDetails) {
  return reply.status(body.status).type(PROBLEM_CONTENT_TYPE).serializer(JSON.stringify).send(body)
}

// Fastify's own 4xx errors, mapped to our stable codes. Their messages are safe to show.
const codeByStatus: Record<number, string> = {
  401: ErrorCode.unauthorized,
  403: ErrorCode.forbidden,
  404: ErrorCode.notFound,
  405: ErrorCode.methodNotAllowed,
  413: ErrorCode.payloadTooLarge,
  415: ErrorCode.unsupportedMediaType,
  429: ErrorCode.rateLimited,
}

const INVALID_JSON = new Set(['FST_ERR_CTP_INVALID_JSON_BODY', 'FST_ERR_CTP_EMPTY_JSON_BODY'])

function validationProblem(error: FastifyError): ProblemDetails {
  const where = error.validationContext ?? 'body'
  const errors = (error.validation ?? []).map((issue) => ({
    field: issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || where,
    message: issue.message ?? 'is invalid',
  }))
  const detail = errors.map((e) => `${e.field}: ${e.message}`).join('; ')
  return problem(400, ErrorCode.validationError, detail, errors)
}

export function toProblem(error: FastifyError): ProblemDetails | null {
  if (error instanceof ProblemError) {
    return { ...error.extensions, ...problem(error.status, error.code, error.detail, error.errors) }
  }
  if (hasZodFastifySchemaValidationErrors(error)) return validationProblem(error)
  if (INVALID_JSON.has(error.code) || (error instanceof SyntaxError && error.statusCode === 400)) {
    return problem(400, ErrorCode.invalidJson, 'The request body is not valid JSON.')
  }
  const status = error.statusCode ?? 500
  if (status >= 400 && status < 500) {
    return problem(status, codeByStatus[status] ?? ErrorCode.badRequest, error.message)
  }
  return null
}

// The router's own refusals, raised before any route or error handler runs. Their messages
// would echo the whole (perhaps huge, perhaps secret-bearing) path, so each gets a fixed one.
const routerProblems: Record<string, ProblemDetails> = {
  FST_ERR_BAD_URL: problem(
    400,
    ErrorCode.badRequest,
    'The address has a malformed escape sequence.',
  ),
  FST_ERR_MAX_PARAM_LENGTH: problem(
    414,
    ErrorCode.uriTooLong,
    'A part of the address is too long.',
  ),
}

/** Fastify's `frameworkErrors` option: a refusal by the router is problem details too. */
export function answerFrameworkError(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const known = routerProblems[error.code]
  if (known) return sendProblem(reply, known)
  request.log.error({ err: error }, 'request failed in the router')
  return sendProblem(reply, internalError)
}

const internalError = problem(
  500,
  ErrorCode.internalError,
  'Something went wrong on our side. Please try again.',
)

// A member's client retries these by itself (Retry-After); the outage is logged once, by
// app.databaseOutage (plugins/database-outage.ts), not once per request.
const RETRY_AFTER_SECONDS = '5'
const databaseUnavailable = problem(
  503,
  ErrorCode.unavailable,
  'The service cannot reach its database just now; nothing was changed. Please try again in a few seconds.',
)
// Every pooled connection in use for the whole connect timeout (db/busy-pool.ts): the database
// answers, so this is no outage and is not reported as one (it is counted where it happens).
const poolBusy = problem(
  503,
  ErrorCode.unavailable,
  'The server is very busy just now; nothing was changed. Please try again in a moment.',
)
const storageFull = problem(
  507,
  ErrorCode.storageFull,
  'The server has run out of disk space; nothing was changed. Reading still works; please try again later.',
)

/** Every error leaves as RFC 9457 problem details; a 5xx never shows its message or stack. */
export function installProblemDetails(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const failure = outageKind(error)
    if (failure) {
      reply.header('Retry-After', RETRY_AFTER_SECONDS)
      if (failure === 'busy') return sendProblem(reply, poolBusy)
      if (app.hasDecorator('databaseOutage')) app.databaseOutage.report(failure, error)
      return sendProblem(reply, failure === 'disk-full' ? storageFull : databaseUnavailable)
    }
    const known = toProblem(error)
    if (error instanceof ProblemError && error.headers) reply.headers(error.headers)
    // A deliberate 503 (not ready, draining) is an answer, not a failure: its thrower logs it.
    const refusal = error instanceof ProblemError && error.status === 503
    if (known && (known.status < 500 || refusal)) return sendProblem(reply, known)
    request.log.error({ err: error }, 'request failed')
    if (known) return sendProblem(reply, known)
    return sendProblem(reply, internalError)
  })
}
