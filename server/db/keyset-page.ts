import { sql, type Placeholder, type SQL, type SQLWrapper } from 'drizzle-orm'
import { encodeCursor, type CursorPosition } from '@contract/pagination'

/** A cursor's values: the decoded cursor, or placeholders a prepared statement fills later. */
type CursorValues = CursorPosition | { createdAt: Placeholder; id: Placeholder }

export interface KeysetPage {
  /** Rows to ask for: one more than the page, the extra one says there is a next page. */
  take: number
  /** `(at, id)` past the cursor in the list's order; undefined on the first page. */
  after(at: SQLWrapper, id: SQLWrapper): SQL | undefined
  /** The page out of the `take` rows read, and the cursor of the next one (null at the end). */
  page<Row>(
    rows: readonly Row[],
    positionOf: (row: Row) => { createdAt: string | Date; id: string },
  ): { items: Row[]; nextCursor: string | null }
}

/**
 * Keyset pagination on (created_at, id) (DESIGN §3), the one way every list pages: an item
 * written between two page loads sorts before the cursor (newest first) or after every cursor
 * handed out (oldest first), so later pages neither repeat nor skip anything.
 */
export function keysetPage(query: {
  cursor?: CursorValues | undefined
  limit: number
  order?: 'newest-first' | 'oldest-first'
}): KeysetPage {
  const { cursor, limit } = query
  const past = query.order === 'oldest-first' ? sql.raw('>') : sql.raw('<')
  return {
    take: limit + 1,
    after: (at, id) =>
      cursor
        ? sql`(${at}, ${id}) ${past} (${cursor.createdAt}::timestamptz, ${cursor.id}::uuid)`
        : undefined,
    page(rows, positionOf) {
      const items = rows.slice(0, limit)
      const last = items.at(-1)
      return {
        items,
        nextCursor: rows.length > limit && last ? encodeCursor(positionOf(last)) : null,
      }
    },
  }
}
