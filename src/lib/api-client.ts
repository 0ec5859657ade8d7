import { type FieldError, ProblemDetailsSchema } from '@contract/errors'
import type * as core from 'zod/v4/core'
import { safeParse } from 'zod/mini'
import { type ApiHost, apiUrl } from './api-url'

// The one HTTP client of the app (STYLE.md): it parses and throws; it never navigates or shows
// a toast. Callers (queries, forms, the session guard) decide what a failure means to the user.

/** The server answered with an error (RFC 9457 problem details, DESIGN §4). */
export class ApiError extends Error {
  override readonly name = 'ApiError'
  constructor(
    readonly status: number,
    /** The problem's `title`: a stable machine code such as `weak_password` (contract/errors.ts). */
    readonly code: string,
    /** The human message, shown as is (spec 001 §7 "error body detail or message"). */
    readonly detail: string,
    readonly fieldErrors: FieldError[] = [],
  ) {
    super(`${status} ${code}: ${detail}`)
  }
}

/** The request never got an answer: offline, DNS, CORS, or aborted. */
export class NetworkError extends Error {
  override readonly name = 'NetworkError'
  constructor(cause: unknown) {
    super('The server could not be reached', { cause })
  }
}

export type ApiFetchOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
  /** Sent as JSON. */
  body?: unknown
  signal?: AbortSignal
  headers?: Record<string, string>
  host?: ApiHost
}

/** With a schema the answer is validated and typed; without one it is ignored (204 and friends). */
export function apiFetch<T>(
  path: string,
  options: ApiFetchOptions & { schema: core.$ZodType<T> },
): Promise<T>
export function apiFetch(path: string, options?: ApiFetchOptions): Promise<void>
export async function apiFetch<T>(
  path: string,
  {
    method = 'GET',
    body,
    signal,
    headers,
    host,
    schema,
  }: ApiFetchOptions & { schema?: core.$ZodType<T> } = {},
): Promise<T | void> {
  let response: Response
  try {
    response = await fetch(apiUrl(path, host), {
      method,
      signal,
      // Every authorized call includes credentials (spec 000 §7): the session is a cookie.
      credentials: 'include',
      headers: {
        Accept: 'application/json, application/problem+json',
        // The language the page shows (issue 42: `<html lang>` follows it), so a visitor's pick
        // from the menu, not only the browser's, words the server's problem details.
        ...(typeof document !== 'undefined' && document.documentElement.lang
          ? { 'Accept-Language': document.documentElement.lang }
          : {}),
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
  } catch (error) {
    throw new NetworkError(error)
  }

  // Spec 000 §4/§8: an answer that was redirected to a login page means the session is gone; it
  // reads as a 401 so the session guard (lib/session-guard.ts) treats both the same way.
  if (response.redirected && /^\/login(?:\/|$)/.test(new URL(response.url).pathname)) {
    throw new ApiError(401, 'unauthenticated', 'Your session has ended. Please sign in again.')
  }
  if (!response.ok) throw await toApiError(response)
  if (!schema) return

  const payload: unknown =
    response.status === 204 ? undefined : await response.json().catch(() => undefined)
  const parsed = safeParse(schema, payload)
  if (!parsed.success) {
    throw new ApiError(
      response.status,
      'invalid_response',
      `Unexpected answer from ${method} ${path}`,
    )
  }
  return parsed.data
}

async function toApiError(response: Response): Promise<ApiError> {
  const payload: unknown = await response.json().catch(() => undefined)
  return problemError(response.status, payload, response.statusText)
}

/** An error answer's body as an ApiError: also one entry's answer inside a sync batch. */
export function problemError(status: number, payload: unknown, statusText = ''): ApiError {
  const problem = ProblemDetailsSchema.safeParse(payload)
  if (problem.success) {
    const { title, detail, errors } = problem.data
    return new ApiError(status, title, detail, errors)
  }
  // Not problem details (a proxy's error page, an older endpoint): keep whatever text there is.
  const loose = (payload ?? {}) as { title?: unknown; detail?: unknown; message?: unknown }
  const text = [loose.detail, loose.message].find((value) => typeof value === 'string') as
    string | undefined
  const code = typeof loose.title === 'string' ? loose.title : `http_${status}`
  return new ApiError(status, code, text ?? (statusText || 'Request failed'), [])
}
