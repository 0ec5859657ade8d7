import * as z from 'zod/mini'
import { CommentReactionKindSchema } from './comments'
import { type CreateIntentionInput, IntentionReactionKindSchema } from './intentions'

// What the outbox keeps (DESIGN §6): each write made offline, with the Idempotency-Key every
// replay of it sends and, for a toggle, the state the member wants in the end (never "flip").
// The page (src/lib/outbox/) validates what it reads back with these; the service worker
// (sw/outbox-queue.ts, sw/outbox-sync.ts) writes and sends the same entries. Where they are kept
// and how a target is written: outbox-store.ts, which the worker loads without these schemas.

const id = z.string().check(z.minLength(1))

export const OutboxWriteSchema = z.discriminatedUnion('kind', [
  // Praying is add-only: one prayer per member per day, so there is no "undo" to keep.
  z.object({ kind: z.literal('pray'), intentionId: id }),
  z.object({
    kind: z.literal('intention-reaction'),
    intentionId: id,
    reaction: IntentionReactionKindSchema,
    active: z.boolean(),
  }),
  z.object({
    kind: z.literal('comment-reaction'),
    intentionId: id,
    commentId: id,
    reaction: CommentReactionKindSchema,
    active: z.boolean(),
  }),
  z.object({ kind: z.literal('testimony-amen'), testimonyId: id, active: z.boolean() }),
  z.object({ kind: z.literal('comment'), intentionId: id, content: z.string() }),
  // The request exactly as the composer built it, never re-parsed: the server compares a
  // replay's body with the first send's, and a default filled in on the way would differ.
  z.object({
    kind: z.literal('intention'),
    body: z.custom<CreateIntentionInput>((value) => typeof value === 'object' && value !== null),
  }),
])
export type OutboxWrite = z.infer<typeof OutboxWriteSchema>
export type OutboxKind = OutboxWrite['kind']
export type WriteOf<K extends OutboxKind> = Extract<OutboxWrite, { kind: K }>

export const OutboxEntrySchema = z.object({
  id,
  /** The Idempotency-Key: the same on every replay of this entry. */
  key: id,
  /** What it acts on; toggles of one target coalesce into one entry. */
  target: z.string(),
  write: OutboxWriteSchema,
  createdAt: z.number(),
  attempts: z.number().check(z.int(), z.nonnegative()),
  lastError: z.nullable(z.string()),
  /** Not before this time (ms) after a failed attempt; `online` retries at once regardless. */
  retryAt: z.nullable(z.number()),
})
export type OutboxEntry = z.infer<typeof OutboxEntrySchema>

/** A replay the server refused: kept, with its message, until the member edits or discards it. */
export const RejectedEntrySchema = z.extend(OutboxEntrySchema, {
  rejectedAt: z.number(),
  status: z.number().check(z.int()),
  message: z.string(),
})
export type RejectedEntry = z.infer<typeof RejectedEntrySchema>
