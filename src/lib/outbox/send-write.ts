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
} from '@contract/testimonies'
import type * as core from 'zod/v4/core'
import { apiFetch } from '../api-client'
import type { OutboxKind, OutboxWrite, WriteOf } from './outbox-entry'

// The one request each outbox write makes (spec 001 §7 paths, DESIGN §4). The hooks send their
// first attempt through here too, so a replay repeats the very body the server stored under
// its Idempotency-Key. Toggles always carry `active`: a replay sets, it never flips.

export type AnswerOf = {
  pray: IntentionReactionResponse
  'intention-reaction': IntentionReactionResponse
  'comment-reaction': CommentReactionResponse
  'testimony-amen': TestimonyReactionResponse
  comment: CommentWriteResponse
  intention: IntentionWriteResponse
}

const id = encodeURIComponent

function post<T>(path: string, key: string, schema: core.$ZodType<T>, body?: unknown): Promise<T> {
  return apiFetch(path, { method: 'POST', body, headers: { 'Idempotency-Key': key }, schema })
}

export function sendWrite<K extends OutboxKind>(
  write: WriteOf<K>,
  key: string,
): Promise<AnswerOf[K]>
export function sendWrite(write: OutboxWrite, key: string): Promise<AnswerOf[OutboxKind]> {
  switch (write.kind) {
    case 'pray':
      return post(
        `/api/v1/intentions/${id(write.intentionId)}/pray`,
        key,
        IntentionReactionResponseSchema,
      )
    case 'intention-reaction':
      return post(
        `/api/v1/intentions/${id(write.intentionId)}/reactions`,
        key,
        IntentionReactionResponseSchema,
        { kind: write.reaction, active: write.active },
      )
    case 'comment-reaction':
      return post(
        `/api/v1/intentions/${id(write.intentionId)}/comments/${id(write.commentId)}/reactions`,
        key,
        CommentReactionResponseSchema,
        { Reaction: write.reaction, active: write.active },
      )
    case 'testimony-amen':
      return post(
        `/api/v1/testimonies/${id(write.testimonyId)}/reactions`,
        key,
        TestimonyReactionResponseSchema,
        {
          Reaction: 'amen',
          active: write.active,
        },
      )
    case 'comment':
      return post(
        `/api/v1/intentions/${id(write.intentionId)}/comments`,
        key,
        CommentWriteResponseSchema,
        {
          content: write.content,
        },
      )
    case 'intention':
      return post('/api/v1/intentions', key, IntentionWriteResponseSchema, write.body)
  }
}
