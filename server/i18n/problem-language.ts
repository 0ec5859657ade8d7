import type { FastifyInstance, FastifyRequest } from 'fastify'
import { AccountErrorCode } from '@contract/account'
import { ErrorCode, type ProblemDetails } from '@contract/errors'
import { SOURCE_LANGUAGE, type Language } from '@contract/languages'
import { acceptLanguageOf, chooseLanguage, requestLanguage, type SavedLanguage } from './language'
import { translate, translateText, type ServerMessageId } from './translate'

// Issue 42: a problem's `detail` (and its fields' messages), which the page shows, in the
// member's language, else the request's. `type`, `title` and the codes stay: clients branch on
// them. Done as the answer is written, so every problem is covered, whoever sent it.

// Details worded in English with a moment in them (in UTC), worded again from the moment the
// problem carries as an extension, in the reader's words. A field's message that repeats a
// detail worded with a value is worded with it.
const DATED: Partial<Record<string, { id: ServerMessageId; at: string }>> = {
  [ErrorCode.suspended]: { id: 'Suspended until (detail)', at: 'suspended_until' },
  [AccountErrorCode.displayNameTooSoon]: {
    id: 'Display name too soon (detail)',
    at: 'next_change_at',
  },
}

function datedDetail(language: Language, body: ProblemDetails): string | undefined {
  const dated = DATED[body.title]
  const at: unknown = dated && (body as Partial<Record<string, unknown>>)[dated.at]
  const moment = typeof at === 'string' ? new Date(at) : undefined
  if (!dated || !moment || Number.isNaN(moment.getTime())) return undefined
  const when = new Intl.DateTimeFormat(language, {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: 'UTC',
  }).format(moment)
  return translate(language, dated.id, { when })
}

// A rate limit's wait, which the problem carries as a number (rate-limit/auth-limits.ts).
function valuedDetail(language: Language, body: ProblemDetails): string | undefined {
  const seconds: unknown =
    body.title === ErrorCode.rateLimited
      ? (body as Partial<Record<string, unknown>>).retry_after_seconds
      : undefined
  if (typeof seconds === 'number')
    return translate(language, 'Too many requests (detail)', { seconds })
  return datedDetail(language, body)
}

/** The problem with its words in `language`; a text no catalogue holds stays as it came. */
export function problemInLanguage(language: Language, body: ProblemDetails): ProblemDetails {
  if (language === SOURCE_LANGUAGE) return body
  const valued = valuedDetail(language, body)
  const errors = body.errors?.map((error) => ({
    ...error,
    message:
      valued && error.message === body.detail ? valued : translateText(language, error.message),
  }))
  // A validation problem's detail lists its fields' messages (problem-details.ts): listed again.
  const listed = body.errors?.map(({ field, message }) => `${field}: ${message}`).join('; ')
  const detail =
    valued ??
    (errors && body.detail === listed
      ? errors.map(({ field, message }) => `${field}: ${message}`).join('; ')
      : translateText(language, body.detail))
  return { ...body, detail, ...(errors ? { errors } : {}) }
}

/**
 * Rewrites every application/problem+json answer's words into the asker's language.
 * `savedLanguage` is the users capability's read of a member's choice (this sits below it).
 */
export function installProblemLanguage(app: FastifyInstance, savedLanguage: SavedLanguage): void {
  // A problem answered while the database is away still answers, in the request's language.
  const answerLanguage = (request: FastifyRequest): Promise<Language> =>
    requestLanguage(app, request, savedLanguage).catch(() =>
      chooseLanguage(acceptLanguageOf(request)),
    )
  app.addHook('onSend', async (request, reply, payload) => {
    const type = reply.getHeader('content-type')
    if (typeof payload !== 'string' || typeof type !== 'string') return payload
    if (!type.startsWith('application/problem+json')) return payload
    const language = await answerLanguage(request)
    if (language === SOURCE_LANGUAGE) return payload
    return JSON.stringify(problemInLanguage(language, JSON.parse(payload) as ProblemDetails))
  })
}
