import {
  type CommentReactionResponse,
  CommentReactionResponseSchema,
  type CommentWriteResponse,
  CommentWriteResponseSchema,
} from '@contract/comments'
import {
  type IntentionReactionResponse,
  IntentionReactionResponseSchema,
  type IntentionWriteResponse,
  IntentionWriteResponseSchema,
} from '@contract/intentions'
import {
  type TestimonyReactionResponse,
  TestimonyReactionResponseSchema,
} from '@contract/testimony-reactions'
import type * as core from 'zod/v4/core'
import { apiFetch } from '../api-client'
import { callOf } from '@contract/outbox-calls'
import type { OutboxKind, OutboxWrite, WriteOf } from '@contract/outbox-entry'

// The one request each outbox write makes alone. The hooks send their first attempt through
// here too, so a replay (alone or in a sync batch) repeats the very body the server stored
// under its Idempotency-Key.

export type AnswerOf = {
  pray: IntentionReactionResponse
  'intention-reaction': IntentionReactionResponse
  'comment-reaction': CommentReactionResponse
  'testimony-amen': TestimonyReactionResponse
  comment: CommentWriteResponse
  intention: IntentionWriteResponse
}

const SCHEMAS: { [K in OutboxKind]: core.$ZodType<AnswerOf[K]> } = {
  pray: IntentionReactionResponseSchema,
  'intention-reaction': IntentionReactionResponseSchema,
  'comment-reaction': CommentReactionResponseSchema,
  'testimony-amen': TestimonyReactionResponseSchema,
  comment: CommentWriteResponseSchema,
  intention: IntentionWriteResponseSchema,
}

export function sendWrite<K extends OutboxKind>(
  write: WriteOf<K>,
  key: string,
): Promise<AnswerOf[K]>
export function sendWrite(write: OutboxWrite, key: string): Promise<AnswerOf[OutboxKind]> {
  const { method, path, body } = callOf(write)
  return apiFetch(path, {
    method,
    body,
    headers: { 'Idempotency-Key': key },
    schema: SCHEMAS[write.kind] as core.$ZodType<AnswerOf[OutboxKind]>,
  })
}
