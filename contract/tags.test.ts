import { describe, expect, it } from 'vitest'
import { TAG_MESSAGES, TagsSchema, normaliseTag, normaliseTags } from './tags'

describe('normaliseTag (spec 001 §5)', () => {
  it.each([
    ['Healing', 'healing'],
    ['  Family   Health  ', 'family health'],
    ['#Hope!', 'hope'],
    ["mother's surgery", 'mothers surgery'],
    ['Prière', 'priere'],
    ['new-job 2026', 'new-job 2026'],
    ['tab\tand\nnewline', 'tab and newline'],
    ['🙏', ''],
    ['   ', ''],
  ])('%j becomes %j', (input, expected) => {
    expect(normaliseTag(input)).toBe(expected)
  })
})

describe('normaliseTags', () => {
  it('drops empty tags and duplicates after normalisation, keeping first order', () => {
    expect(normaliseTags(['Hope', 'healing', ' HOPE ', '', '!!', 'Healing'])).toEqual([
      'hope',
      'healing',
    ])
  })
})

describe('TagsSchema', () => {
  const five = ['a', 'b', 'c', 'd', 'e']

  it('accepts 5 tags and refuses 6 with the input text', () => {
    expect(TagsSchema.parse(five)).toEqual(five)
    const result = TagsSchema.safeParse([...five, 'f'])
    expect(result.success).toBe(false)
    expect(result.error?.issues[0]?.message).toBe(TAG_MESSAGES.tooMany)
  })

  it('counts tags after duplicates collapse, so 6 entries naming 5 tags pass', () => {
    expect(TagsSchema.parse([...five, 'A'])).toEqual(five)
  })

  it('reads the object forms {name} and {tag} and defaults to none', () => {
    expect(TagsSchema.parse([{ name: 'Grief' }, { tag: 'Peace' }, 'joy'])).toEqual([
      'grief',
      'peace',
      'joy',
    ])
    expect(TagsSchema.parse(undefined)).toEqual([])
  })

  it('bounds the length of one tag', () => {
    expect(TagsSchema.safeParse(['x'.repeat(40)]).success).toBe(true)
    expect(TagsSchema.safeParse(['x'.repeat(41)]).error?.issues[0]?.message).toBe(
      TAG_MESSAGES.tooLong,
    )
  })
})
