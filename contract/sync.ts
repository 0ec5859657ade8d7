import * as z from 'zod/mini'
import { SYNC_MAX_ENTRIES } from './outbox'

// POST /api/v1/sync (issue 19, DESIGN §4): the outbox sent in order, up to 100 entries a
// request, each applied as the single call it stands for. The wire is fixed so that clients
// and tests agree; the server answers one result per entry, in the same order.

/** The Idempotency-Key header's own rule (1 to 255 visible ASCII characters). */
export const SyncKeySchema = z.string().check(z.regex(/^[\x21-\x7e]{1,255}$/))

export const SyncEntrySchema = z.object({
  key: SyncKeySchema,
  method: z.enum(['POST', 'PUT', 'PATCH', 'DELETE']),
  path: z.string().check(z.minLength(1), z.maxLength(2048)),
  body: z.optional(z.unknown()),
})
export type SyncEntry = z.infer<typeof SyncEntrySchema>

export const SyncRequestSchema = z.object({
  entries: z.array(SyncEntrySchema).check(z.minLength(1), z.maxLength(SYNC_MAX_ENTRIES)),
})
export type SyncRequest = z.infer<typeof SyncRequestSchema>

export const SyncResultSchema = z.object({
  key: z.string(),
  status: z.number().check(z.int()),
  /** What the single call answers: its JSON, a problem detail, or null for an empty answer. */
  body: z.unknown(),
})
export type SyncResult = z.infer<typeof SyncResultSchema>

export const SyncResponseSchema = z.object({ results: z.array(SyncResultSchema) })
export type SyncResponse = z.infer<typeof SyncResponseSchema>

// Ids are UUIDs: no dot segments or escapes that could resolve to another route.
const ID = '[A-Za-z0-9_-]+'
// The calls the outbox may queue (src/lib/outbox/send-write.ts); any other path in a batch is
// refused on its own (400), so a batch can never reach sign-in, roles or moderation calls.
const QUEUEABLE: readonly { method: SyncEntry['method']; path: RegExp }[] = [
  { method: 'POST', path: new RegExp(`^/api/v1/intentions$`) },
  { method: 'POST', path: new RegExp(`^/api/v1/intentions/${ID}/(pray|reactions|comments)$`) },
  { method: 'POST', path: new RegExp(`^/api/v1/intentions/${ID}/comments/${ID}/reactions$`) },
  { method: 'POST', path: new RegExp(`^/api/v1/testimonies/${ID}/reactions$`) },
]

export function isQueueableCall(method: string, path: string): boolean {
  return QUEUEABLE.some((call) => call.method === method && call.path.test(path))
}

/**
 * The item an entry acts on: the prayer (with its comments) or the testimony. A later entry on
 * the same item depends on the earlier ones, so it never overtakes one that failed; a new
 * prayer request is an item of its own (null).
 */
export function syncItemOf(path: string): string | null {
  const match = /^\/api\/v1\/(intentions|testimonies)\/([A-Za-z0-9_-]+)/.exec(path)
  return match ? `${match[1]}:${match[2]}` : null
}
