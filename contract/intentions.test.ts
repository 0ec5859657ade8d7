import { describe, expect, it } from 'vitest'
import { anIntention } from '../src/testing/intention-fixtures'
import {
  CreateIntentionBodySchema,
  INTENTION_MESSAGES,
  IntentionFeedQuerySchema,
  IntentionReactionBodySchema,
  IntentionSchema,
  IntentionTitleSchema,
  IntentionDetailsSchema,
  UpdateIntentionBodySchema,
} from './intentions'

const groupId = '0192f7a4-5b6c-7d8e-9f01-23456789abcd'
const title = 'Please pray for my mother tonight'
const details = 'She has surgery on Thursday morning and the family is anxious about it all.'

function messages(result: { success: boolean; error?: { issues: { message: string }[] } }) {
  return result.success ? [] : (result.error?.issues.map((issue) => issue.message) ?? [])
}

describe('prayer title (spec 001 §5)', () => {
  it.each([
    ['missing', undefined, [INTENTION_MESSAGES.titleRequired]],
    ['empty', '', [INTENTION_MESSAGES.titleRequired]],
    ['only spaces', '     ', [INTENTION_MESSAGES.titleRequired]],
    ['24 after trim', `  ${'t'.repeat(24)}  `, [INTENTION_MESSAGES.titleTooShort]],
    ['25 after trim', `  ${'t'.repeat(25)}  `, []],
    ['120', 't'.repeat(120), []],
    ['121', 't'.repeat(121), [INTENTION_MESSAGES.titleTooLong]],
  ])('%s', (_case, value, expected) => {
    expect(messages(IntentionTitleSchema.safeParse(value))).toEqual(expected)
  })

  it('is trimmed before it is stored', () => {
    expect(IntentionTitleSchema.parse(`  ${title}  `)).toBe(title)
  })
})

describe('prayer details (spec 001 §5)', () => {
  it.each([
    ['null', null, [INTENTION_MESSAGES.detailsTooShort]],
    ['69', 'd'.repeat(69), [INTENTION_MESSAGES.detailsTooShort]],
    ['70', 'd'.repeat(70), []],
    ['69 padded with spaces', ` ${'d'.repeat(69)} `, [INTENTION_MESSAGES.detailsTooShort]],
    ['2000', 'd'.repeat(2000), []],
    ['2001', 'd'.repeat(2001), [INTENTION_MESSAGES.detailsTooLong]],
  ])('%s', (_case, value, expected) => {
    expect(messages(IntentionDetailsSchema.safeParse(value))).toEqual(expected)
  })
})

describe('CreateIntentionBodySchema', () => {
  const base = { title, details, tags: ['Healing', 'healing', 'Family'], scripture: null }

  it('accepts a public request and normalises tags and an empty scripture', () => {
    const body = CreateIntentionBodySchema.parse({
      ...base,
      scripture: '  ',
      destination: 'public_wall',
      group_id: null,
      identity_mode: 'anonymous',
    })
    expect(body).toMatchObject({
      tags: ['healing', 'family'],
      scripture: null,
      group_id: null,
      identity_mode: 'anonymous',
    })
  })

  it('requires a group for a private request and accepts one with a group', () => {
    expect(
      messages(
        CreateIntentionBodySchema.safeParse({
          ...base,
          destination: 'private_group',
          identity_mode: 'real_name',
        }),
      ),
    ).toEqual([INTENTION_MESSAGES.groupRequired])
    expect(
      CreateIntentionBodySchema.safeParse({
        ...base,
        destination: 'private_group',
        group_id: groupId,
        identity_mode: 'real_name',
      }).success,
    ).toBe(true)
  })

  it('refuses a group on the public wall and a real name in public', () => {
    expect(
      messages(
        CreateIntentionBodySchema.safeParse({
          ...base,
          destination: 'public_wall',
          group_id: groupId,
          identity_mode: 'display_name',
        }),
      ),
    ).toEqual([INTENTION_MESSAGES.groupNotAllowed])
    expect(
      messages(
        CreateIntentionBodySchema.safeParse({
          ...base,
          destination: 'public_wall',
          identity_mode: 'real_name',
        }),
      ),
    ).toEqual([INTENTION_MESSAGES.realNameNotPublic])
  })

  it('refuses 6 tags', () => {
    const result = CreateIntentionBodySchema.safeParse({
      ...base,
      tags: ['a', 'b', 'c', 'd', 'e', 'f'],
      destination: 'public_wall',
    })
    expect(messages(result)).toEqual(['Max 5 tags reached'])
  })
})

describe('UpdateIntentionBodySchema', () => {
  it('needs expected_updated_at for the 409 check', () => {
    expect(UpdateIntentionBodySchema.safeParse({ title, details, tags: [] }).success).toBe(false)
    expect(
      UpdateIntentionBodySchema.safeParse({
        title,
        details,
        tags: [],
        expected_updated_at: '2026-11-22T10:00:00.000Z',
      }).success,
    ).toBe(true)
  })
})

describe('IntentionReactionBodySchema (DESIGN §4)', () => {
  it.each([
    [{ kind: 'amen' }, { kind: 'amen', active: undefined }],
    [{ Kind: 'candle' }, { kind: 'candle', active: undefined }],
    [
      { reaction: 'amen', active: false },
      { kind: 'amen', active: false },
    ],
    [
      { kind: 'candle', Kind: 'candle', reaction: 'candle', active: true },
      { kind: 'candle', active: true },
    ],
  ])('reads %j', (input, expected) => {
    expect(IntentionReactionBodySchema.parse(input)).toEqual(expected)
  })

  it.each([
    [{}],
    [{ kind: 'amen', Kind: 'candle' }],
    [{ kind: 'prayed' }],
    [{ kind: 'amen', active: 'yes' }],
  ])('refuses %j', (input) => {
    expect(IntentionReactionBodySchema.safeParse(input).success).toBe(false)
  })
})

describe('IntentionFeedQuerySchema', () => {
  it('reads the spec query string with its tolerant boolean', () => {
    expect(
      IntentionFeedQuerySchema.parse({ cursor: '', limit: '10', include_all_statuses: 'true' }),
    ).toMatchObject({ limit: 10, include_all_statuses: true, mine: false })
    expect(IntentionFeedQuerySchema.parse({}).include_all_statuses).toBe(false)
  })
})

describe('IntentionSchema', () => {
  it('never lets an author id reach the wire', () => {
    expect(Object.keys(IntentionSchema.shape)).not.toContain('author_user_id')
    const parsed = IntentionSchema.parse({
      ...anIntention({ identity_mode: 'anonymous', author_display_name: 'Anonymous' }),
      author_user_id: groupId,
    })
    expect(parsed).not.toHaveProperty('author_user_id')
  })
})
