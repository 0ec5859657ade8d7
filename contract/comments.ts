import * as z from 'zod/mini'
import { withSupport } from './content-policy'
import { PAGE_SIZE, TimestampSchema, pageQuerySchema } from './pagination'
import { text } from './text'

// Spec 001 §9.
export const COMMENT_LIMITS = { contentMax: 200, warnAt: 180 } as const

export const COMMENT_REACTION_KINDS = ['like', 'amen'] as const
export const CommentReactionKindSchema = z.enum(COMMENT_REACTION_KINDS)
export type CommentReactionKind = z.infer<typeof CommentReactionKindSchema>

// Spec 001 §5 gives two wordings for each comment error. The form, next to its x/200 counter,
// shows the short prompts; the server's 400 `detail` (seen when a client skips the form, or an
// offline comment is replayed) states what was wrong with what it received.
export const COMMENT_FORM_MESSAGES = {
  required: 'Please enter a comment.',
  tooLong: 'Maximum 200 characters.',
} as const
export const COMMENT_SERVER_MESSAGES = {
  required: "Comment can't be empty.",
  tooLong: 'Please keep comments under 200 characters.',
} as const

/* @__NO_SIDE_EFFECTS__ */
export function commentContentSchema(messages: { required: string; tooLong: string }) {
  return text({ error: messages.required }).check(
    z.trim(),
    z.minLength(1, { error: messages.required, abort: true }),
    z.maxLength(COMMENT_LIMITS.contentMax, messages.tooLong),
  )
}

// The form validates with this one; the routes with CommentBodySchema below.
export const CommentFormSchema = z.object({ content: commentContentSchema(COMMENT_FORM_MESSAGES) })

// POST /api/v1/intentions/{id}/comments
export const CommentBodySchema = z.object({
  content: commentContentSchema(COMMENT_SERVER_MESSAGES),
})
export type CommentBody = z.infer<typeof CommentBodySchema>

// PATCH …/comments/{commentId}: a stale expected_updated_at answers 409 (spec 001 §4).
export const CommentUpdateBodySchema = z.extend(CommentBodySchema, {
  expected_updated_at: TimestampSchema,
})
export type CommentUpdateBody = z.infer<typeof CommentUpdateBodySchema>

// POST …/comments/{commentId}/reactions. `active` sets instead of toggling (DESIGN §4).
export const CommentReactionBodySchema = z.object({
  Reaction: CommentReactionKindSchema,
  active: z.optional(z.boolean()),
})
export type CommentReactionBody = z.infer<typeof CommentReactionBodySchema>

export const CommentsQuerySchema = pageQuerySchema(PAGE_SIZE.comments)

export const CommentReactorsQuerySchema = z.extend(pageQuerySchema(PAGE_SIZE.reactions), {
  type: z._default(CommentReactionKindSchema, 'like'),
})

// `is_op` marks the intention's author. On an anonymous intention the server sends the OP's
// comments with the anonymous name, or the label would unmask the author.
export const CommentSchema = z.object({
  comment_id: z.uuid(),
  content: z.string(),
  author_display_name: z.string(),
  created_at: TimestampSchema,
  updated_at: TimestampSchema,
  likes: z.number().check(z.int(), z.nonnegative()),
  amens: z.number().check(z.int(), z.nonnegative()),
  liked: z.boolean(),
  amened: z.boolean(),
  has_reported: z.boolean(),
  isYou: z.boolean(),
  is_op: z.boolean(),
  // Issue 8: sent (true) only to the author of an item auto-held for review; others never see it.
  under_review: z.optional(z.boolean()),
  // Issue 38: with under_review, the post was held when posted (the publish rule) and waits for
  // a moderator's approval: its author reads "Waiting for review".
  waiting_for_review: z.optional(z.boolean()),
})
export type Comment = z.infer<typeof CommentSchema>

// Answer of create and edit (the edit's `updated_at` is the one the spec reads).
export const CommentWriteResponseSchema = z.extend(CommentSchema, withSupport)
export type CommentWriteResponse = z.infer<typeof CommentWriteResponseSchema>

export const CommentPageSchema = z.object({
  items: z.array(CommentSchema),
  next_cursor: z.nullable(z.string()),
})
export type CommentPage = z.infer<typeof CommentPageSchema>

export const CommentReactionResponseSchema = z.object({
  Added: z.boolean(),
  Like: z.number().check(z.int(), z.nonnegative()),
  Amen: z.number().check(z.int(), z.nonnegative()),
})
export type CommentReactionResponse = z.infer<typeof CommentReactionResponseSchema>
