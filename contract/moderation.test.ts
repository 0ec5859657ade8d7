import { describe, expect, it } from 'vitest'
import {
  BlocklistPhraseBodySchema,
  MODERATION_MESSAGES,
  NoteBodySchema,
  QueueQuerySchema,
  RemoveBodySchema,
  SuspensionBodySchema,
} from './moderation'

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message

describe('moderation schemas', () => {
  it('requires a removal reason the author can read, within 300 characters', () => {
    expect(RemoveBodySchema.parse({ reason: '  Advertising  ' })).toEqual({ reason: 'Advertising' })
    expect(firstMessage(RemoveBodySchema.safeParse({ reason: '   ' }))).toBe(
      MODERATION_MESSAGES.reasonRequired,
    )
    expect(firstMessage(RemoveBodySchema.safeParse({}))).toBe(MODERATION_MESSAGES.reasonRequired)
    expect(firstMessage(RemoveBodySchema.safeParse({ reason: 'x'.repeat(301) }))).toBe(
      MODERATION_MESSAGES.reasonTooLong,
    )
  })

  it('makes notes optional, blank meaning none', () => {
    expect(NoteBodySchema.parse(undefined)).toEqual({ note: null })
    expect(NoteBodySchema.parse({ note: '  ' })).toEqual({ note: null })
    expect(NoteBodySchema.parse({ note: ' Appeal ' })).toEqual({ note: 'Appeal' })
  })

  it('suspends for 1 to 365 whole days', () => {
    expect(SuspensionBodySchema.parse({ days: '7', reason: 'Spam' }).days).toBe(7)
    for (const days of [0, 366, 2.5, 'week'])
      expect(firstMessage(SuspensionBodySchema.safeParse({ days, reason: 'Spam' }))).toBe(
        MODERATION_MESSAGES.daysInvalid,
      )
  })

  it('stores phrases trimmed and lower-cased', () => {
    expect(BlocklistPhraseBodySchema.parse({ phrase: '  Crypto DOUBLER ' })).toEqual({
      phrase: 'crypto doubler',
    })
    expect(firstMessage(BlocklistPhraseBodySchema.safeParse({ phrase: ' ' }))).toBe(
      MODERATION_MESSAGES.phraseRequired,
    )
  })

  it('lists open items 20 at a time unless asked otherwise', () => {
    expect(QueueQuerySchema.parse({})).toEqual({ limit: 20, status: 'open' })
    expect(QueueQuerySchema.parse({ cursor: '', status: 'resolved', limit: '5' })).toEqual({
      limit: 5,
      status: 'resolved',
    })
  })
})
