import { describe, expect, it } from 'vitest'
import {
  COMMENT_FORM_MESSAGES,
  COMMENT_SERVER_MESSAGES,
  CommentBodySchema,
  CommentFormSchema,
  CommentReactionBodySchema,
  CommentUpdateBodySchema,
} from './comments'

function messages(result: { success: boolean; error?: { issues: { message: string }[] } }) {
  return result.success ? [] : (result.error?.issues.map((issue) => issue.message) ?? [])
}

describe('comment content (spec 001 §5), counted after trimming', () => {
  it.each([
    ['0', '   ', [COMMENT_SERVER_MESSAGES.required], [COMMENT_FORM_MESSAGES.required]],
    ['1', '  a  ', [], []],
    ['200', ` ${'c'.repeat(200)} `, [], []],
    ['201', 'c'.repeat(201), [COMMENT_SERVER_MESSAGES.tooLong], [COMMENT_FORM_MESSAGES.tooLong]],
  ])('%s characters', (_case, content, server, form) => {
    expect(messages(CommentBodySchema.safeParse({ content }))).toEqual(server)
    expect(messages(CommentFormSchema.safeParse({ content }))).toEqual(form)
  })

  it('uses the spec wording on each side', () => {
    expect(COMMENT_SERVER_MESSAGES).toEqual({
      required: "Comment can't be empty.",
      tooLong: 'Please keep comments under 200 characters.',
    })
    expect(COMMENT_FORM_MESSAGES).toEqual({
      required: 'Please enter a comment.',
      tooLong: 'Maximum 200 characters.',
    })
  })

  it('stores the trimmed text', () => {
    expect(CommentBodySchema.parse({ content: '  Praying for you  ' }).content).toBe(
      'Praying for you',
    )
  })
})

describe('CommentUpdateBodySchema', () => {
  it('needs the last known update time', () => {
    expect(CommentUpdateBodySchema.safeParse({ content: 'Edited' }).success).toBe(false)
    expect(
      CommentUpdateBodySchema.safeParse({
        content: 'Edited',
        expected_updated_at: '2026-11-22T10:00:00.000Z',
      }).success,
    ).toBe(true)
  })
})

describe('CommentReactionBodySchema', () => {
  it('accepts like and amen, with an optional desired state', () => {
    expect(CommentReactionBodySchema.parse({ Reaction: 'like' })).toEqual({ Reaction: 'like' })
    expect(CommentReactionBodySchema.parse({ Reaction: 'amen', active: false })).toEqual({
      Reaction: 'amen',
      active: false,
    })
    expect(CommentReactionBodySchema.safeParse({ Reaction: 'candle' }).success).toBe(false)
  })
})
