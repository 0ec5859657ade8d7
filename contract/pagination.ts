import * as z from 'zod/mini'

// Spec 001 §9: page sizes of every list the client pages through.
export const PAGE_SIZE = {
  intentions: 10,
  comments: 10,
  testimonies: 20,
  reactions: 25,
} as const

// The testimony form asks for 20 intentions (spec 001 §7); nothing asks for more than 50.
export const MAX_PAGE_SIZE = 50

export const INVALID_CURSOR_MESSAGE = 'Invalid cursor.'

// Every created_at / updated_at on the wire. Offsets are accepted because PostgreSQL and
// PGlite may serialise with "+00:00" rather than "Z".
export const TimestampSchema = z.iso.datetime({ offset: true })

// Feeds use keyset pagination on (created_at, id) (DESIGN §3). The cursor is opaque to the
// client; only the server decodes it. `createdAt` keeps the exact string the server encoded
// so no precision is lost between PostgreSQL (microseconds) and a JS Date (milliseconds).
export interface CursorPosition {
  createdAt: string
  id: string
}

const CursorPositionSchema = z.object({ createdAt: TimestampSchema, id: z.uuid() })

// btoa/atob work on "binary strings"; going through TextEncoder keeps this UTF-8 safe in the
// browser and in Node without Buffer.
export function toBase64Url(text: string): string {
  let binary = ''
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte)
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
}

export function fromBase64Url(encoded: string): string | null {
  if (!/^[A-Za-z0-9_-]*$/.test(encoded)) return null
  const base64 = encoded.replace(/-/g, '+').replace(/_/g, '/')
  try {
    const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4))
    const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0))
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes)
  } catch {
    return null
  }
}

export function encodeCursor(position: { createdAt: string | Date; id: string }): string {
  const createdAt =
    typeof position.createdAt === 'string' ? position.createdAt : position.createdAt.toISOString()
  return toBase64Url(`${createdAt}|${position.id}`)
}

// Returns null for anything that is not a cursor this server issued; never throws.
export function decodeCursor(cursor: string): CursorPosition | null {
  if (cursor.length === 0 || cursor.length > 200) return null
  const decoded = fromBase64Url(cursor)
  if (decoded === null) return null
  const separator = decoded.lastIndexOf('|')
  if (separator < 0) return null
  const parsed = CursorPositionSchema.safeParse({
    createdAt: decoded.slice(0, separator),
    id: decoded.slice(separator + 1),
  })
  return parsed.success ? parsed.data : null
}

// A query-string cursor: garbage becomes a 400 with a clear message, not a crash in the query.
export const CursorSchema = z.pipe(
  z.string(),
  z.transform((cursor: string, ctx) => {
    const position = decodeCursor(cursor)
    if (position === null) {
      ctx.issues.push({ code: 'custom', message: INVALID_CURSOR_MESSAGE, input: cursor })
      return z.NEVER
    }
    return position
  }),
)

/**
 * A query parameter that may be sent empty (`?cursor=`) and then reads as absent. zod/mini has no
 * `preprocess`: a transform piped into the schema is what classic zod builds for it; the outer
 * `z.optional` keeps the key optional in `z.input`.
 */
/* @__NO_SIDE_EFFECTS__ */
export function emptyAsAbsent<T extends z.core.SomeType>(schema: T) {
  return z.optional(
    z.pipe(
      z.transform((value: unknown) => (value === '' ? undefined : value)),
      z.optional(schema),
    ),
  )
}

// `?cursor&limit` of every list. An empty `cursor=` means the first page (the spec's client
// sends the parameter even when it has no cursor yet).
/* @__NO_SIDE_EFFECTS__ */
export function pageQuerySchema(defaultLimit: number) {
  return z.object({
    cursor: emptyAsAbsent(CursorSchema),
    limit: z._default(
      /* @__PURE__ */ z.coerce.number().check(z.int(), z.minimum(1), z.maximum(MAX_PAGE_SIZE)),
      defaultLimit,
    ),
  })
}
