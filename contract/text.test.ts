import { describe, expect, it } from 'vitest'
import * as z from 'zod/mini'
import { blankAsNullText, cutText, text, TEXT_MESSAGES } from './text'

const trimmed = text().check(z.trim(), z.maxLength(10, 'too long'))

function messages(value: unknown) {
  const result = trimmed.safeParse(value)
  return result.success ? [] : result.error.issues.map((issue) => issue.message)
}

describe('the text rule', () => {
  it.each([
    ['NUL', 'a\u0000b'],
    ['bell', 'a\u0007b'],
    ['escape', 'a\u001b[31mb'],
    ['vertical tab', 'a\u000bb'],
    ['form feed', 'a\u000cb'],
    ['delete', 'a\u007fb'],
    ['C1 next line', 'a\u0085b'],
  ])('refuses a %s character, with one message', (_name, value) => {
    expect(messages(value)).toEqual([TEXT_MESSAGES.controlCharacter])
  })

  it.each([
    ['a high surrogate alone', 'pray \ud83d'],
    ['a low surrogate alone', '\ude4f pray'],
    ['two high surrogates', '\ud83d\ud83d\ude4f'],
  ])('refuses %s (half of an emoji)', (_name, value) => {
    expect(messages(value)).toEqual([TEXT_MESSAGES.brokenCharacter])
  })

  it('keeps newlines and tabs, and turns Windows line endings into newlines', () => {
    expect(text().parse('one\ttwo\nthree\r\nfour\rfive')).toBe('one\ttwo\nthree\nfour\nfive')
  })

  it('puts text in NFC, so both ways of typing é are one text of one length', () => {
    const decomposed = 'Ame\u0301lie'
    expect(text().parse(decomposed)).toBe('Am\u00e9lie')
    expect(text().check(z.maxLength(6)).safeParse(decomposed).success).toBe(true)
  })

  it('keeps emoji, joined emoji, right-to-left text and direction marks as typed', () => {
    const kept = [
      '🙏 Pray for my family 👨‍👩‍👧',
      'שלום עליכם',
      'اللهم اشفِ مرضانا',
      'Prière pour \u200fשלום\u200e today',
      '🏳️‍🌈 and 🇬🇧',
    ]
    for (const value of kept) expect(text().parse(value)).toBe(value.normalize('NFC'))
  })

  it('trims where the field trims, before its limits are checked', () => {
    expect(trimmed.parse('   0123456789   ')).toBe('0123456789')
    expect(messages(' 01234567890 ')).toEqual(['too long'])
  })

  it('words the refusal as the field does, where it has its own message', () => {
    const name = text({ error: 'Name is required.', invalid: 'No hidden characters.' })
    expect(name.safeParse('Ann\u0000').error?.issues[0]?.message).toBe('No hidden characters.')
    expect(name.safeParse('Ann\ud800').error?.issues[0]?.message).toBe('No hidden characters.')
    expect(name.safeParse(undefined).error?.issues[0]?.message).toBe('Name is required.')
  })

  it('refuses broken text with its one message, not also the trimming or the length', () => {
    // Each rule aborts: a member fixes the character first, and is not told twice.
    expect(messages(' 0123456789\ud83d ')).toEqual([TEXT_MESSAGES.brokenCharacter])
    expect(messages(' 0123456789\u0000 ')).toEqual([TEXT_MESSAGES.controlCharacter])
  })

  it('refuses what is not a string', () => {
    for (const value of [null, 42, ['a'], { a: 1 }]) expect(messages(value)).toHaveLength(1)
  })

  it('shows the control-character rule in the JSON schema the OpenAPI document is made of', () => {
    expect(z.toJSONSchema(text())).toMatchObject({ type: 'string', pattern: expect.any(String) })
  })
})

describe('blankAsNullText', () => {
  const note = blankAsNullText(5, 'too long')

  it('reads missing, null and blank as null, and trims what is written', () => {
    for (const value of [undefined, null, '', '   ']) expect(note.parse(value)).toBeNull()
    expect(note.parse('  note ')).toBe('note')
  })

  it('refuses more than its limit once trimmed, and broken text, with their messages', () => {
    expect(note.safeParse(' 12345 ').success).toBe(true)
    expect(note.safeParse('123456').error?.issues.map((issue) => issue.message)).toEqual([
      'too long',
    ])
    expect(note.safeParse('a\u0000').error?.issues[0]?.message).toBe(TEXT_MESSAGES.controlCharacter)
  })
})

describe('cutText', () => {
  it('cuts to the limit', () => {
    expect(cutText('abcdef', 3)).toBe('abc')
    expect(cutText('abc', 3)).toBe('abc')
  })

  it('never leaves half of an emoji at the cut', () => {
    expect(cutText('ab🙏', 3)).toBe('ab')
    expect(cutText('ab🙏', 4)).toBe('ab🙏')
  })

  it('keeps every character of a cut that has an emoji before its end', () => {
    expect(cutText('🙏abcd', 4)).toBe('🙏ab')
  })
})
