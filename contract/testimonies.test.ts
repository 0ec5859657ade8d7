import { describe, expect, it } from 'vitest'
import {
  CreateTestimonyBodySchema,
  TestimonyReactionBodySchema,
  minimumCharactersMessage,
} from './testimonies'

const story = 's'.repeat(70)
const title = 't'.repeat(20)

function messages(input: unknown) {
  const result = CreateTestimonyBodySchema.safeParse(input)
  return result.success ? [] : result.error.issues.map((issue) => issue.message)
}

describe('minimumCharactersMessage (spec 001 §5)', () => {
  it.each([
    [20, 0, 'Minimum 20 characters (20 more needed)'],
    [20, 19, 'Minimum 20 characters (1 more needed)'],
    [70, 12, 'Minimum 70 characters (58 more needed)'],
  ])('min %i with %i typed', (min, length, expected) => {
    expect(minimumCharactersMessage(min, length)).toBe(expected)
  })
})

describe('CreateTestimonyBodySchema', () => {
  it.each([
    ['title missing', { text: story }, ['Minimum 20 characters (20 more needed)']],
    [
      'title 19 after trim',
      { title: ` ${'t'.repeat(19)} `, text: story },
      ['Minimum 20 characters (1 more needed)'],
    ],
    ['title 20', { title, text: story }, []],
    ['title 80', { title: 't'.repeat(80), text: story }, []],
    ['title 81', { title: 't'.repeat(81), text: story }, ['Title must be 80 characters or fewer.']],
    ['text 69', { title, text: 's'.repeat(69) }, ['Minimum 70 characters (1 more needed)']],
    ['text 1200', { title, text: 's'.repeat(1200) }, []],
    ['text 1201', { title, text: 's'.repeat(1201) }, ['Story must be 1200 characters or fewer.']],
    [
      '6 tags',
      { title, text: story, category_tags: ['a', 'b', 'c', 'd', 'e', 'f'] },
      ['Max 5 tags reached'],
    ],
    ['bad link', { title, text: story, intention_id: 'nope' }, ['Invalid UUID']],
  ])('%s', (_case, input, expected) => {
    expect(messages(input)).toEqual(expected)
  })

  it('defaults to public, normalises tags and keeps the linked prayer', () => {
    const intentionId = '0192f7a4-5b6c-7d8e-9f01-23456789abcd'
    expect(
      CreateTestimonyBodySchema.parse({
        title,
        text: story,
        category_tags: ['Healing!', 'healing'],
        intention_id: intentionId,
      }),
    ).toEqual({
      title,
      text: story,
      category_tags: ['healing'],
      visibility: 'public',
      intention_id: intentionId,
    })
  })
})

describe('TestimonyReactionBodySchema', () => {
  it('accepts only amen', () => {
    expect(TestimonyReactionBodySchema.parse({ Reaction: 'amen', active: true })).toEqual({
      Reaction: 'amen',
      active: true,
    })
    expect(TestimonyReactionBodySchema.safeParse({ Reaction: 'like' }).success).toBe(false)
  })
})
