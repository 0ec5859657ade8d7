import * as z from 'zod/mini'

// Stable machine codes sent as the problem-details `title` (DESIGN §4). The client branches on
// these, never on the human `detail`. Capabilities add their own codes here; never rename one.
export const ErrorCode = {
  validationError: 'validation_error',
  invalidJson: 'invalid_json',
  payloadTooLarge: 'payload_too_large',
  unsupportedMediaType: 'unsupported_media_type',
  badRequest: 'bad_request',
  unauthorized: 'unauthorized',
  // No session (DESIGN §4: 401); the session plugin's default answer for a protected route.
  unauthenticated: 'unauthenticated',
  // Signed in, onboarding not finished (DESIGN §4: the client then opens /onboarding).
  onboardingRequired: 'onboarding_required',
  // A browser write whose Origin is not ours (CSRF, DESIGN §5).
  crossOrigin: 'cross_origin',
  forbidden: 'forbidden',
  notFound: 'not_found',
  methodNotAllowed: 'method_not_allowed',
  // A path parameter longer than the router takes (Fastify's maxParamLength).
  uriTooLong: 'uri_too_long',
  conflict: 'conflict',
  contentPolicy: 'content_policy',
  closed: 'closed',
  // A member whose account is suspended reads but does not write (DESIGN §4).
  suspended: 'suspended',
  // One report per member per item (spec 001 §2: "Reported", disabled).
  alreadyReported: 'already_reported',
  // Idempotency-Key (DESIGN §4): reused for another request, or the first is still running.
  idempotencyMismatch: 'idempotency_mismatch',
  idempotencyInProgress: 'idempotency_in_progress',
  rateLimited: 'rate_limited',
  // Issue 37: a member's posts, comments or testimonies in the past hour (contract/write-limits.ts).
  writeLimited: 'write_limited',
  // POST /api/v1/sync (issue 19): an entry whose call the outbox may not queue, and one not
  // applied because an earlier entry on the same item failed (it is sent again after it).
  notQueueable: 'not_queueable',
  dependsOnFailed: 'depends_on_failed',
  notReady: 'not_ready',
  // Issue 44: the database is not answering (503), or its disk is full (507); with Retry-After.
  unavailable: 'unavailable',
  storageFull: 'storage_full',
  internalError: 'internal_error',
} as const

export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode]

export const FieldErrorSchema = z.object({ field: z.string(), message: z.string() })
export type FieldError = z.infer<typeof FieldErrorSchema>

// RFC 9457 problem details, served as application/problem+json. `title` stays a plain string so
// an older client still parses a code it does not know yet.
export const ProblemDetailsSchema = z.object({
  type: z.string(),
  title: z.string(),
  status: z.number().check(z.int()),
  detail: z.string(),
  errors: z.optional(z.array(FieldErrorSchema)),
})
export type ProblemDetails = z.infer<typeof ProblemDetailsSchema>
