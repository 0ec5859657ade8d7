import { describe, expect, it } from 'vitest'
import {
  CursorSchema,
  INVALID_CURSOR_MESSAGE,
  decodeCursor,
  encodeCursor,
  pageQuerySchema,
} from './pagination'

const id = '0192f7a4-5b6c-7d8e-9f01-23456789abcd'

describe('cursor', () => {
  it('round-trips a string time exactly, microseconds included', () => {
    const createdAt = '2026-11-22T10:15:30.123456+00:00'
    const cursor = encodeCursor({ createdAt, id })
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/)
    expect(decodeCursor(cursor)).toEqual({ createdAt, id })
  })

  it('round-trips a Date', () => {
    const createdAt = new Date('2026-01-02T03:04:05.678Z')
    expect(decodeCursor(encodeCursor({ createdAt, id }))).toEqual({
      createdAt: createdAt.toISOString(),
      id,
    })
  })

  it.each([
    ['empty', ''],
    ['not base64url', 'abc$%^'],
    ['base64 of plain text', btoa('hello')],
    ['bad id', encodeCursor({ createdAt: '2026-01-01T00:00:00Z', id: 'not-a-uuid' })],
    ['bad time', encodeCursor({ createdAt: 'yesterday', id })],
    ['invalid UTF-8', btoa(String.fromCharCode(0xff, 0xfe)).replace(/=+$/, '')],
    ['too long', 'A'.repeat(500)],
  ])('decodes garbage (%s) to null without throwing', (_case, cursor) => {
    expect(decodeCursor(cursor)).toBeNull()
  })

  it('turns a garbage query cursor into a validation error with a clear message', () => {
    const result = CursorSchema.safeParse('garbage!')
    expect(result.success).toBe(false)
    expect(result.error?.issues[0]?.message).toBe(INVALID_CURSOR_MESSAGE)
  })
})

describe('pageQuerySchema', () => {
  const query = pageQuerySchema(10)

  it('defaults the limit, reads it from the query string and treats cursor= as the first page', () => {
    expect(query.parse({})).toEqual({ limit: 10 })
    expect(query.parse({ limit: '25', cursor: '' })).toEqual({ limit: 25 })
  })

  it('refuses limits outside 1–50', () => {
    expect(query.safeParse({ limit: '0' }).success).toBe(false)
    expect(query.safeParse({ limit: '51' }).success).toBe(false)
  })

  it('decodes a cursor it issued', () => {
    const createdAt = '2026-11-22T10:00:00.000Z'
    expect(query.parse({ cursor: encodeCursor({ createdAt, id }) }).cursor).toEqual({
      createdAt,
      id,
    })
  })
})
