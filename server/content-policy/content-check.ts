import { CONTENT_POLICY_MESSAGE, type SupportBlock } from '@contract/content-policy'
import { ErrorCode } from '@contract/errors'
import type { ContentPolicy } from './content-policy'
import { DEFAULT_CRISIS_SUPPORT } from './crisis-resources'
import { ProblemError } from '../errors/problem-error'

/**
 * Checks every text of one write as a single text (a slur split between title and tags is
 * still one post). A rejection answers 422 `content_policy` (spec 001 §8); a crisis signal
 * never blocks the write: the answer carries the support block (DESIGN §4), a 422 included.
 * Comments and testimonies use this too.
 */
export function enforceContentPolicy(
  policy: ContentPolicy,
  texts: readonly (string | null | undefined)[],
): { support?: SupportBlock } {
  const result = policy.check(texts.filter((text) => text).join('\n'))
  const support = result.crisis ? { support: DEFAULT_CRISIS_SUPPORT } : {}
  // A member in crisis who also swore is still shown where to find help (docs/content-policy.md).
  if (!result.ok)
    throw new ProblemError(422, ErrorCode.contentPolicy, CONTENT_POLICY_MESSAGE, undefined, support)
  return support
}
