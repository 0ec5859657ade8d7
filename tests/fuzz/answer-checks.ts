import type { LightMyRequestResponse } from 'fastify'
import { ProblemDetailsSchema } from '@contract/errors'

// What no answer may ever be, whoever asks and whatever they send (issue 14).

// A stack frame, a source or dependency path, or a framework's internal error code.
const LEAK =
  /\n\s+at |\bat [\w$.<>]+ \(|node_modules|\/work\/|file:\/\/|\.[cm]?[jt]s:\d+:\d+|FST_ERR_|ZodError|PostgresError|invalid byte sequence/

/** Problems with one answer; empty when it is acceptable. */
export function answerProblems(response: LightMyRequestResponse): string[] {
  const problems: string[] = []
  const status = response.statusCode
  if (status >= 500) problems.push(`answered ${status}`)
  if (LEAK.test(response.body)) problems.push(`leaks internals: ${response.body.slice(0, 200)}`)
  if (status >= 400) {
    const type = String(response.headers['content-type'] ?? '')
    if (!type.startsWith('application/problem+json'))
      problems.push(`refused as ${type || 'no type'}`)
    let body: unknown
    try {
      body = JSON.parse(response.body)
    } catch {
      body = response.body
    }
    const problem = ProblemDetailsSchema.safeParse(body)
    if (!problem.success)
      problems.push(`refusal is not problem details: ${response.body.slice(0, 200)}`)
    else if (problem.data.status !== status)
      problems.push(`problem status ${problem.data.status} ≠ ${status}`)
  }
  return problems
}
