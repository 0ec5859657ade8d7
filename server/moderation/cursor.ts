import type { z } from 'zod'
import { ErrorCode } from '@contract/errors'
import { INVALID_CURSOR_MESSAGE } from '@contract/pagination'
import { httpError } from '../errors/problem-error'

// The moderation lists sort on more than (created_at, id), so their opaque cursors carry the
// whole sort key as base64url JSON; only the server reads them (garbage is a 400).
export function encodeKeyCursor(key: unknown): string {
  return Buffer.from(JSON.stringify(key)).toString('base64url')
}

export function decodeKeyCursor<T>(cursor: string | undefined, schema: z.ZodType<T>): T | null {
  if (cursor === undefined) return null
  try {
    return schema.parse(JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')))
  } catch {
    throw httpError(400, ErrorCode.validationError, INVALID_CURSOR_MESSAGE)
  }
}
