import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { SyncEntry, SyncResult } from '@contract/sync'

// Headers of the batch that every entry carries: the member's session cookie (the entry acts as
// the signed-in member and no one else), the browser's Origin and Host (the CSRF guard judges
// the entry as it judged the batch), and the client's own language and agent.
const FORWARDED = ['cookie', 'origin', 'host', 'user-agent', 'accept-language'] as const

/**
 * Applies one entry (a call the outbox may queue) exactly as its single call: replayed through the app's own route in-process
 * (`inject`), so validation, the content policy, idempotency, events and notifications are the
 * very code the single call runs, and the answer is the single call's status and body.
 */
export async function applyEntry(
  app: FastifyInstance,
  batch: FastifyRequest,
  entry: SyncEntry,
): Promise<SyncResult> {
  const headers: Record<string, string> = { 'idempotency-key': entry.key }
  for (const name of FORWARDED) {
    const value = batch.headers[name]
    if (typeof value === 'string') headers[name] = value
  }
  const answer = await app.inject({
    method: entry.method,
    url: entry.path,
    headers,
    remoteAddress: batch.ip,
    ...(entry.body === undefined ? {} : { payload: entry.body as object }),
  })
  return { key: entry.key, status: answer.statusCode, body: parseBody(answer.body) }
}

function parseBody(text: string): unknown {
  if (text.length === 0) return null
  try {
    return JSON.parse(text) as unknown
  } catch {
    return text
  }
}
