import type { ErrorCode, FieldError } from '@contract/errors'

/**
 * The one error a service throws to answer with a problem-details response (DESIGN §4):
 * `throw httpError(409, 'conflict', 'Someone else edited this prayer.')`.
 */
export class ProblemError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode | (string & {}),
    readonly detail: string,
    readonly errors?: FieldError[],
    /** RFC 9457 extension members, e.g. `support` on a content-policy 422 (DESIGN §4). */
    readonly extensions?: Record<string, unknown>,
    /** Response headers the answer needs, e.g. `Retry-After` on a 429. */
    readonly headers?: Record<string, string>,
  ) {
    super(detail)
    this.name = 'ProblemError'
  }
}

export function httpError(status: number, code: ErrorCode | (string & {}), detail: string, errors?: FieldError[]) {
  return new ProblemError(status, code, detail, errors)
}
