import type { FastifyInstance } from 'fastify'
import { COMMUNITY_MESSAGES } from '@contract/community'
import { ErrorCode } from '@contract/errors'
import { httpError } from '../errors/problem-error'

/**
 * Issue 38's anonymous_posting: when the community forbids it, a new anonymous post (a request,
 * a testimony) is a 400 naming the field, and nothing is saved. Posts already anonymous stay so.
 */
export async function assertAnonymousAllowed(
  app: FastifyInstance,
  anonymous: boolean,
  field: string,
): Promise<void> {
  if (!anonymous || (await app.community.read()).anonymous_posting) return
  const message = COMMUNITY_MESSAGES.anonymousPostingOff
  throw httpError(400, ErrorCode.validationError, `${field}: ${message}`, [{ field, message }])
}
